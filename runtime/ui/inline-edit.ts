// The editor's preview marks the text a staff member may edit in place (a block schema's x-inline props) with a data
// attribute naming the prop. Only the preview frame provides the context: the live site renders no attribute at all.
import { createContext, useContext } from 'react';

export const InlineEditContext = createContext(false);

/** Attributes for the element showing a prop (dotted path: "heading", "buttons.0.label"); none outside the editor. */
export function useInlineProp(): (path: string) => { 'data-inline'?: string } {
  const editing = useContext(InlineEditContext);
  return editing ? (path) => ({ 'data-inline': path }) : noAttributes;
}

/** Attributes for the image showing an image prop ("image", "cards.0.image"): the preview takes an image file dropped on it. */
export function useImageProp(): (path: string) => { 'data-image-prop'?: string } {
  const editing = useContext(InlineEditContext);
  return editing ? (path) => ({ 'data-image-prop': path }) : noAttributes;
}

const noAttributes = () => ({});
