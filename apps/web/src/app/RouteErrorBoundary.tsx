import { Component, type ReactNode } from 'react';

interface State {
  error: unknown;
  /** The navigation the error happened at: any later one renders the routes again. */
  at: string;
}

const lightgrey = 'rgba(200,200,200, 0.5)';
const codeStyles = { padding: '2px 4px', backgroundColor: lightgrey };

/**
 * What a failed route shows (a render error, or a screen's code that could not be downloaded): the same page
 * React Router's data router rendered for us by default (its DefaultErrorComponent, as shipped in
 * react-router's build), and, like it, gone as soon as the location changes.
 */
export class RouteErrorBoundary extends Component<{ location: string; children: ReactNode }, State> {
  override state: State = { error: undefined, at: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: { location: string }, state: State): Partial<State> | null {
    return props.location !== state.at ? { error: undefined, at: props.location } : null;
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    console.error('Error handled by React Router default ErrorBoundary:', error);
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    const stack = error instanceof Error ? error.stack : null;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{message}</h3>
        {stack ? <pre style={{ padding: '0.5rem', backgroundColor: lightgrey }}>{stack}</pre> : null}
        <p>💿 Hey developer 👋</p>
        <p>
          You can provide a way better UX than this when your app throws errors by providing your own{' '}
          <code style={codeStyles}>ErrorBoundary</code> or <code style={codeStyles}>errorElement</code> prop on your
          route.
        </p>
      </>
    );
  }
}
