import { Alert, Button, Container } from '@chakra-ui/react';
import { Component, type ReactNode } from 'react';
import { isChunkLoadError } from '../lib/chunks';

interface State {
  error: unknown;
}

/** A screen that failed to load or render shows a message and a reload button, never a blank page. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    const outdated = isChunkLoadError(this.state.error);
    return (
      <Container maxW="lg" py="16">
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{outdated ? 'This page could not be loaded' : 'Something went wrong on this page'}</Alert.Title>
            <Alert.Description>
              {outdated
                ? 'The site was updated while it was open, or the connection dropped. Reload to get the latest version.'
                : 'Please reload the page and try again.'}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button mt="4" colorPalette="brand" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Container>
    );
  }
}
