import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Mantine's stylesheet in parts (DESIGN §7 budget). `@mantine/core/styles.css` holds every component's styles
 * (205 KB) and blocks the first paint; this plugin serves the same rules, byte for byte and in the same order,
 * as groups of components:
 *
 *   import 'virtual:mantine-core/<group>.css';
 *
 * Every group also carries the base (baseline, global rules, default CSS variables) unless it is `base: false`.
 * The per-component files under `@mantine/core/styles/` are not used: they are not the same CSS (sizes in px
 * where styles.css has rem scaled by --mantine-scale); they only tell which rule belongs to which component.
 *
 * At build time it checks that every Mantine class the JavaScript can render has its styles: the entry chunk
 * and everything it imports statically need only the groups the entry imports, and so do the modules given as
 * `alsoBeforeScreens` (loaded lazily, but not as a screen: they may show before any screen stylesheet has
 * loaded) with everything they import; any other chunk may also use the groups that load with lazy screens.
 * A component missing from every group fails the build.
 */
export interface MantineCssGroup {
  components: readonly string[];
  /** Loaded with the entry (render-blocking), as opposed to with lazily loaded screens. */
  entry?: boolean;
}

const BASE = ['baseline', 'global', 'default-css-variables'];
const PREFIX = 'virtual:mantine-core/';
const RESOLVED = '\0mantine-core/';

/** The top-level rules and at-rules of a stylesheet, comments kept with the rule that follows them. */
function topLevelBlocks(css: string): string[] {
  const blocks: string[] = [];
  let depth = 0;
  let start = 0;
  let i = 0;
  while (i < css.length) {
    const c = css[i];
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 2;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < css.length && css[j] !== c) j += css[j] === '\\' ? 2 : 1;
      i = j + 1;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      blocks.push(css.slice(start, i + 1));
      start = i + 1;
    } else if (c === ';' && depth === 0) {
      blocks.push(css.slice(start, i + 1));
      start = i + 1;
    }
    i++;
  }
  if (css.slice(start).trim()) throw new Error('mantine-css: unbalanced stylesheet');
  return blocks;
}

/** A rule's selector (or an at-rule's prelude with its first inner selector), which the value changes leave alone. */
function blockKey(block: string): string {
  const text = block.replace(/\/\*[\s\S]*?\*\//g, '').trim();
  const open = text.indexOf('{');
  const prelude = text
    .slice(0, open < 0 ? undefined : open)
    .replace(/\s+/g, ' ')
    .trim();
  if (!prelude.startsWith('@') || open < 0) return prelude;
  const inner = text.slice(open + 1);
  return `${prelude} :: ${inner.slice(0, inner.indexOf('{')).replace(/\s+/g, ' ').trim()}`;
}

interface MantineStyles {
  /** styles.css cut into blocks, each with the component (or base part) it belongs to. */
  blocks: { owner: string; css: string }[];
  /** Mantine class name (m_xxxxxxxx) → component. */
  classOwner: Map<string, string>;
}

function loadMantineStyles(root: string): MantineStyles {
  const require = createRequire(join(root, 'package.json'));
  const stylesheet = require.resolve('@mantine/core/styles.css');
  const pkg = dirname(stylesheet);
  const byKey = new Map<string, Set<string>>();
  const classOwner = new Map<string, string>();
  for (const file of readdirSync(join(pkg, 'styles'))) {
    if (!file.endsWith('.css') || file.endsWith('.layer.css')) continue;
    const owner = file.slice(0, -'.css'.length);
    const css = readFileSync(join(pkg, 'styles', file), 'utf8');
    for (const block of topLevelBlocks(css)) {
      const key = blockKey(block);
      if (!byKey.has(key)) byKey.set(key, new Set());
      byKey.get(key)!.add(owner);
    }
    for (const match of css.matchAll(/\.(m_[0-9a-f]{8})\b/g))
      if (!classOwner.has(match[1]!)) classOwner.set(match[1]!, owner);
  }
  const blocks: MantineStyles['blocks'] = [];
  let previous = BASE[0]!;
  for (const css of topLevelBlocks(readFileSync(stylesheet, 'utf8'))) {
    const candidates = byKey.get(blockKey(css));
    // `:root` appears in two base files; anything unknown stays with the rule before it.
    const owner = !candidates ? previous : candidates.has(previous) ? previous : [...candidates][0]!;
    blocks.push({ owner, css });
    previous = owner;
  }
  return { blocks, classOwner };
}

export function mantineCss(
  groups: Record<string, MantineCssGroup>,
  { alsoBeforeScreens = [] }: { alsoBeforeScreens?: RegExp[] } = {},
): Plugin {
  let styles: MantineStyles | null = null;
  let root = process.cwd();
  const known = () => (styles ??= loadMantineStyles(root));

  return {
    name: 'svp:mantine-css',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      if (id.startsWith(PREFIX)) return RESOLVED + id.slice(PREFIX.length);
      return null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const name = id.slice(RESOLVED.length).replace(/\.css$/, '');
      const group = groups[name];
      if (!group) throw new Error(`mantine-css: no group "${name}" (groups: ${Object.keys(groups).join(', ')})`);
      const { blocks } = known();
      const owners = new Set(blocks.map((b) => b.owner));
      for (const component of group.components)
        if (!owners.has(component)) throw new Error(`mantine-css: @mantine/core has no styles for "${component}"`);
      const wanted = new Set([...(group.entry ? BASE : []), ...group.components]);
      return blocks
        .filter((b) => wanted.has(b.owner))
        .map((b) => b.css)
        .join('');
    },
    generateBundle(_options, bundle) {
      const { classOwner } = known();
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const entryClosure = new Set<string>();
      const visit = (fileName: string) => {
        if (entryClosure.has(fileName)) return;
        entryClosure.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
      };
      visit(entry.fileName);
      // By every module a chunk holds, not its facade: Rollup may merge such a module into another chunk.
      for (const pattern of alsoBeforeScreens) {
        const holding = chunks.filter((chunk) => chunk.moduleIds.some((id) => pattern.test(id)));
        if (holding.length === 0) this.error(`mantine-css: alsoBeforeScreens ${pattern} matches no chunk`);
        holding.forEach((chunk) => visit(chunk.fileName));
      }
      const inEntry = new Set(Object.values(groups).flatMap((g) => (g.entry ? g.components : [])));
      const inAny = new Set(Object.values(groups).flatMap((g) => g.components));
      const problems: string[] = [];
      for (const chunk of chunks) {
        const allowed = entryClosure.has(chunk.fileName) ? inEntry : inAny;
        const missing = new Set<string>();
        for (const match of chunk.code.matchAll(/\bm_[0-9a-f]{8}\b/g)) {
          const owner = classOwner.get(match[0]);
          if (owner && !allowed.has(owner)) missing.add(owner);
        }
        if (missing.size) problems.push(`${chunk.fileName} renders ${[...missing].join(', ')} without their styles`);
      }
      if (problems.length)
        this.error(
          `add these components to a group in vite.config.ts (the entry group for the entry chunk, what it ` +
            `imports and alsoBeforeScreens):\n  ${problems.join('\n  ')}`,
        );
    },
  };
}
