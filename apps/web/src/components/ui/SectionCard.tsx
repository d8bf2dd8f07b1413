import { Card, Group, Title, type CardProps, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionCardProps extends Omit<CardProps, 'title' | 'children'> {
  title: ReactNode;
  /** 'h3' for a console section of its own (the default), 'h4' for one card among several on a page. */
  size?: 'h3' | 'h4';
  /** The space under the title. */
  titleGap?: MantineSpacing;
  /** Makes the card a <section> named by its title, which gets this id. */
  titleId?: string;
  /** Beside the title, at the other end of its row (counts, badges). */
  aside?: ReactNode;
  /** Narrower side padding on phones, for a card holding a wide table or figures. */
  compact?: boolean;
  children: ReactNode;
}

/**
 * The bordered card with its heading that frames each admin section (the user lists, the withdrawal queue,
 * the treasury's figures) and the user's withdrawal list: one look for all of them.
 */
export function SectionCard(props: SectionCardProps) {
  const { title, size = 'h3', titleGap = 'sm', titleId, aside, compact, children, ...card } = props;
  const heading = (
    <Title order={2} fz={size} mb={aside ? undefined : titleGap} id={titleId}>
      {title}
    </Title>
  );
  const content = (
    <>
      {aside ? (
        <Group justify="space-between" mb={titleGap} gap="xs">
          {heading}
          {aside}
        </Group>
      ) : (
        heading
      )}
      {children}
    </>
  );
  const px = compact ? { base: 'sm', sm: 'lg' } : undefined;
  return titleId ? (
    <Card withBorder radius="lg" padding="lg" px={px} component="section" aria-labelledby={titleId} {...card}>
      {content}
    </Card>
  ) : (
    <Card withBorder radius="lg" padding="lg" px={px} {...card}>
      {content}
    </Card>
  );
}
