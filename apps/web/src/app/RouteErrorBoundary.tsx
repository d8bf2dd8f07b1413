import { Trans } from '@lingui/react/macro';
import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useMsg } from '../shared/language/useMsg';

interface State {
  error: unknown;
  /** The navigation the error happened at: any later one renders the routes again. */
  at: string;
}

/**
 * What a failed route shows (a render error, or a screen's code that could not be downloaded, say after a
 * release replaced the files): a plain message with a reload, which fetches the current version. Gone as soon
 * as the location changes. Nothing of the error reaches the page; it goes to the console.
 */
export class RouteErrorBoundary extends Component<{ location: string; children: ReactNode }, State> {
  override state: State = { error: undefined, at: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: { location: string }, state: State): Partial<State> | null {
    return props.location !== state.at ? { error: undefined, at: props.location } : null;
  }

  override componentDidCatch(error: unknown) {
    console.error('A route failed to render:', error);
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return <RouteFailed />;
  }
}

// A function component, so its texts follow the language (a class component cannot use the hooks).
function RouteFailed() {
  const MSG = useMsg();
  return (
    <Card withBorder radius="lg" padding="xl" maw={520} mx="auto" mt="xl" role="alert">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1} fz="h2">
          {MSG.common.screenFailed}
        </Title>
        <Text c="dimmed">{MSG.common.screenFailedHint}</Text>
        <Button onClick={() => window.location.reload()}>
          <Trans>Reload</Trans>
        </Button>
        <Anchor href="/" fw={600}>
          <Trans>Go back home</Trans>
        </Anchor>
      </Stack>
    </Card>
  );
}
