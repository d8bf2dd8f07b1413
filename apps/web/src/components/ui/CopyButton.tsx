import { useLingui } from '@lingui/react/macro';
import { Button, type ButtonProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** SPEC §9: the "Copied" confirmation lasts 2 seconds. */
export const COPIED_MS = 2000;

/** Copies with the Clipboard API, or with a hidden text area where that is missing (plain-HTTP deployments). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // blocked: try the old way below
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

interface CopyButtonProps extends Omit<ButtonProps, 'children' | 'onClick'> {
  value: string;
  label: string;
  /** Announced with the visible label, e.g. "Copy deposit address". */
  ariaLabel?: string;
}

export function CopyButton({ value, label, ariaLabel, ...props }: CopyButtonProps) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function onClick() {
    if (!(await copyText(value))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  return (
    <Button
      variant={copied ? 'filled' : 'light'}
      aria-label={copied ? t`Copied` : ariaLabel}
      aria-live="polite"
      onClick={() => void onClick()}
      {...props}
    >
      {copied ? t`Copied` : label}
    </Button>
  );
}
