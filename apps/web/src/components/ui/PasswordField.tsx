import { useLingui } from '@lingui/react/macro';
import { TextInput, UnstyledButton, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import classes from './PasswordField.module.css';

/** A password input with its own text "Show"/"Hide" toggle (SPEC §2: each field toggles independently). */
export function PasswordField(props: Omit<TextInputProps, 'type' | 'rightSection'>) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  const name = typeof props.label === 'string' ? props.label.toLowerCase() : 'password';
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      rightSectionWidth={64}
      rightSectionPointerEvents="all"
      rightSection={
        <UnstyledButton
          type="button"
          className={classes.toggle}
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t`Hide ${name}` : t`Show ${name}`}
          aria-pressed={visible}
        >
          {visible ? t`Hide` : t`Show`}
        </UnstyledButton>
      }
    />
  );
}
