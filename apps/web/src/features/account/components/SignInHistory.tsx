import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Stack, Text, Title } from '@mantine/core';
import { SIGN_IN_OUTCOME_LABEL } from '@svp/shared';
import { Fragment } from 'react';
import { formatDateTime } from '../../../lib/text';
import { useSharedTexts } from '../../../shared/language/useMsg';
import { useSignIns } from '../api/account';
import classes from './SignInHistory.module.css';
import { SettingsQuery } from './SettingsQuery';

const OUTCOME_COLOR: Partial<Record<string, string>> = { success: 'teal', failed: 'red' };

/** An outcome in words: a value this page does not know yet (a newer server) is shown as sent, never dropped. */
function outcomeOf(labels: Partial<Record<string, string>>, value: string): { label: string; color: string } {
  return { label: labels[value] ?? value.replace(/[-_]+/g, ' '), color: OUTCOME_COLOR[value] ?? 'orange' };
}

/** An IPv6 address may break after a colon, never inside a group; an IPv4 address stays whole. */
function Address({ ip }: { ip: string | null }) {
  const { t } = useLingui();
  if (!ip) return t`Unknown`;
  const groups = ip.split(':');
  return groups.map((group, index) => (
    <Fragment key={index}>
      {group}
      {index < groups.length - 1 && (
        <>
          :<wbr />
        </>
      )}
    </Fragment>
  ));
}

/** The last 20 sign-ins and failed attempts: time, address, device, outcome; a card each on a phone. */
export function SignInHistory() {
  const labels = useSharedTexts('SIGN_IN_OUTCOME_LABEL', SIGN_IN_OUTCOME_LABEL);
  const signIns = useSignIns();
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5" id="sign-ins-title">
        <Trans>Recent sign-ins</Trans>
      </Title>
      <SettingsQuery query={signIns}>
        {(entries) =>
          entries.length === 0 ? (
            <Text c="dimmed" fz="sm">
              <Trans>No sign-ins yet.</Trans>
            </Text>
          ) : (
            <ul className={classes.list} aria-labelledby="sign-ins-title">
              <li className={`${classes.row} ${classes.heading}`} aria-hidden>
                <span>
                  <Trans>Time</Trans>
                </span>
                <span>
                  <Trans>Address</Trans>
                </span>
                <span>
                  <Trans>Device</Trans>
                </span>
                <span>
                  <Trans>Outcome</Trans>
                </span>
              </li>
              {entries.map((entry, index) => {
                const outcome = outcomeOf(labels, entry.outcome);
                return (
                  <li key={`${entry.at}-${index}`} className={classes.row} data-testid="sign-in-row">
                    <span>
                      <span className={classes.name}>
                        <Trans>Time</Trans>
                      </span>
                      {formatDateTime(entry.at)}
                    </span>
                    <span className={classes.address}>
                      <span className={classes.name}>
                        <Trans>Address</Trans>
                      </span>
                      <Address ip={entry.ip} />
                    </span>
                    <span className={classes.device}>
                      <span className={classes.name}>
                        <Trans>Device</Trans>
                      </span>
                      {entry.device}
                    </span>
                    <span className={classes.outcome}>
                      <span className={classes.name}>
                        <Trans>Outcome</Trans>
                      </span>
                      <Badge color={outcome.color} variant="light" tt="none">
                        {outcome.label}
                      </Badge>
                    </span>
                  </li>
                );
              })}
            </ul>
          )
        }
      </SettingsQuery>
    </Stack>
  );
}
