import { Button, type ButtonProps } from '@mantine/core';

/** A form's submit button, spinning and disabled while its request is in flight, so one click sends it once. */
export function SubmitButton({ pending, ...props }: { pending: boolean } & ButtonProps) {
  return <Button type="submit" loading={pending} disabled={pending} {...props} />;
}
