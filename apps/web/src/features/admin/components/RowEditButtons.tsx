import { Trans } from '@lingui/react/macro';
import { Alert, Button, Group } from '@mantine/core';
import { useMsg } from '../../../shared/language/useMsg';

/** A row edited in place, last cell: "Update" opens the row's fields; "Save" or "Cancel" closes them. */
export function RowEditButtons(props: {
  /** The Update button's accessible name, naming the row. */
  updateLabel: string;
  pending: boolean;
  onEdit: () => void;
  /** While the row is being edited, what its Save and Cancel do; null while it reads. */
  editing: { save: () => void; cancel: () => void } | null;
}) {
  const { updateLabel, pending, onEdit, editing } = props;
  if (!editing)
    return (
      <Button size="xs" variant="light" aria-label={updateLabel} loading={pending} onClick={onEdit}>
        <Trans>Update</Trans>
      </Button>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="xs" onClick={editing.save}>
        <Trans>Save</Trans>
      </Button>
      <Button size="xs" variant="default" onClick={editing.cancel}>
        <Trans>Cancel</Trans>
      </Button>
    </Group>
  );
}

/** Above a table edited in place: a save failed (the optimistic row has rolled back). */
export function RowUpdateFailedAlert({ onClose }: { onClose: () => void }) {
  const MSG = useMsg();
  return (
    <Alert color="red" variant="light" role="alert" mb="sm" withCloseButton onClose={onClose}>
      {MSG.admin.tableUpdateFailed}
    </Alert>
  );
}
