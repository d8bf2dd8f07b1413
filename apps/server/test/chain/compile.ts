import { readFileSync } from 'node:fs';
import solc from 'solc';
import type { Abi, Hex } from 'viem';

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

/** Compiles one contract from `fixtures/` with solc's standard JSON interface (no network, no cache). */
export function compileFixture(file: string, contract: string): { abi: Abi; bytecode: Hex } {
  const source = readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: source } },
    settings: {
      // Paris predates PUSH0/MCOPY, so the bytecode runs on ganache whatever solc's default target is.
      evmVersion: 'paris',
      optimizer: { enabled: false },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)) as string) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const compiled = output.contracts?.[file]?.[contract];
  if (!compiled) throw new Error(`${contract} not found in ${file}`);
  return { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
}
