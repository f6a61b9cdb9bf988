// Isolates one block: if it throws, a small contained notice replaces it and the rest of the page renders.
// In the browser an error boundary catches render errors; on the server (where error boundaries do not run) the
// Suspense boundary does: React renders its fallback, reports the error to renderToPipeableStream's onError, and the
// browser retries the block on hydration.
import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';

export interface BlockIdentity {
  id: string;
  type: string;
  tenant: string;
  route: string;
}

export function BlockErrorNotice({ id }: { id: string }) {
  return (
    <div className="block-error" role="note" data-block-error={id}>
      This section could not be shown.
    </div>
  );
}

function logBlockError(where: BlockIdentity, error: unknown) {
  console.error(`[block error] tenant=${where.tenant} page=${where.route} block=${where.id} type=${where.type}:`, error);
}

class BlockErrorBoundary extends Component<{ where: BlockIdentity; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    logBlockError(this.props.where, error);
  }

  override render() {
    return this.state.failed ? <BlockErrorNotice id={this.props.where.id} /> : this.props.children;
  }
}

const onServer = typeof window === 'undefined';

export function BlockBoundary({ where, children }: { where: BlockIdentity; children: ReactNode }) {
  // On the server the fallback is only ever shown for an error; in the browser it covers a block whose code is still
  // loading, which the route loader normally prevents by preloading the page's blocks.
  const fallback = onServer ? <BlockErrorNotice id={where.id} /> : <div className="block-loading" aria-busy="true" />;
  return (
    <BlockErrorBoundary where={where}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </BlockErrorBoundary>
  );
}
