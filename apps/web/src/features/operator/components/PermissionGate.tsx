import { useLingui } from '@lingui/react/macro';
import { Alert } from '@mantine/core';
import { OPERATOR_MSG, type Permission } from '@svp/shared';
import type { ReactNode } from 'react';
import { FullPageLoader } from '../../../components/ui/FullPageLoader';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { useOperatorMe } from '../api/operator';
import { localizeText } from '../../../shared/language/i18n';
import { useSharedTexts } from '../../../shared/language/useMsg';

/** Shows `children` only to an admin holding `permission`; says which one is missing otherwise. */
export function PermissionGate({ permission, children }: { permission: Permission | null; children: ReactNode }) {
  const { t } = useLingui();
  const operatorMsg = useSharedTexts('OPERATOR_MSG', OPERATOR_MSG);
  const me = useOperatorMe();
  if (!permission) return <>{children}</>;
  if (me.isPending) return <FullPageLoader />;
  if (me.isError) return <ErrorBox message={localizeText(me.error.message)} onRetry={() => void me.refetch()} />;
  if (!me.data.permissions.includes(permission))
    return (
      <Alert color="yellow" title={t`Not available to your role`} role="alert">
        {operatorMsg.permissionDenied(permission)}
      </Alert>
    );
  return <>{children}</>;
}
