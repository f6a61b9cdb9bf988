// A text input that React updates only when what it shows changes. React 19 rewrites an input's name and type
// attributes each time it updates the element, even to the same values, and a parent re-rendered by every edit (a menu
// of 50 rows: 140 inputs) updates each input because its change handler is a new function: about 5 ms an edit. Here
// the handler is read when the event fires, so a new handler alone renders nothing; `handlerKey` names what the
// handler acts on (a document path), and a new key re-renders it, so a row moved to another place never edits its
// old place.
import { type ChangeEvent, type InputHTMLAttributes, memo, useRef } from 'react';

type StableInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  handlerKey: string;
  onChange(e: ChangeEvent<HTMLInputElement>): void;
};

function sameExceptHandler(a: StableInputProps, b: StableInputProps): boolean {
  const keys = Object.keys(a) as (keyof StableInputProps)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => k === 'onChange' || Object.is(a[k], b[k]));
}

export const StableInput = memo(function StableInput({ handlerKey: _key, onChange, ...props }: StableInputProps) {
  const handler = useRef(onChange);
  handler.current = onChange;
  return <input {...props} onChange={(e) => handler.current(e)} />;
}, sameExceptHandler);
