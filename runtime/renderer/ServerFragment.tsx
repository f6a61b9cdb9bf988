// A part of the page whose HTML depends only on the site document (the footer). On the server a recorder given by
// the page render (server-fragments.ts) renders it once per document and pastes its HTML into later pages; anywhere
// else (the browser, the editor's preview, tests) it renders as usual.
import { createContext, useContext, type ReactNode } from 'react';

export interface PartRecorder {
  /** What renders in the part's place on this page. */
  element(name: string, children: ReactNode): ReactNode;
}

const RecorderContext = createContext<PartRecorder | null>(null);
export const PartRecorderProvider = RecorderContext.Provider;

export function ServerFragment({ name, children }: { name: string; children: ReactNode }) {
  const recorder = useContext(RecorderContext);
  return recorder ? recorder.element(name, children) : children;
}
