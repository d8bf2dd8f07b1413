import { Trans, useLingui } from '@lingui/react/macro';
import { Paper, Skeleton, Text, Title } from '@mantine/core';
import { KEY_FACTS_MSG, keyFacts, keyFactsTitle } from '@svp/shared';
import { useId } from 'react';
import { localizeText } from '../../shared/language/i18n';
import { useSharedTexts } from '../../shared/language/useMsg';
import { usePublicConfig } from '../../shared/public-config';
import classes from './KeyFacts.module.css';

/**
 * The key facts before money goes in (DESIGN D6, D15): the same box, with the operator's figures from GET /config,
 * on the sign-up page, the top-up page, the plan dialog, the bot activation and the terms. Always open: a fee or a
 * rule behind a "Show more" is a rule the reader did not see.
 */
export default function KeyFacts({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useLingui();
  const config = usePublicConfig();
  const texts = useSharedTexts('KEY_FACTS_MSG', KEY_FACTS_MSG);
  const id = useId();
  // The earnings rule comes worded by the server, in English: shown in the reader's language like the rest.
  const facts = config.data
    ? keyFacts({ ...config.data, withdrawalRuleText: localizeText(config.data.withdrawalRuleText) }, texts)
    : null;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-labelledby={id}
      data-testid="key-facts"
      className={classes.box}
    >
      <Title order={headingLevel} fz="sm" id={id} mb={6}>
        {keyFactsTitle(texts)}
      </Title>
      {facts ? (
        <dl className={classes.list}>
          {facts.map((fact) => (
            <div key={fact.term} className={classes.fact}>
              <dt>{fact.term}</dt>
              <dd>{fact.text}</dd>
            </div>
          ))}
        </dl>
      ) : config.isError ? (
        <Text fz="sm" role="alert">
          <Trans>The figures could not be loaded. Please reload the page before you pay.</Trans>
        </Text>
      ) : (
        <Skeleton height={120} aria-label={t`Loading the key facts`} />
      )}
    </Paper>
  );
}
