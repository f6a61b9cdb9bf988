// Undo and redo of every change to the working document, as immer patches (the Craft.js way): a change records its
// patches and their inverse; undo applies the inverse, redo the patches again. Consecutive changes with the same
// merge key (typing into one field) make one step.
import { applyPatches, enablePatches, produceWithPatches, type Draft, type Patch } from 'immer';

enablePatches();

interface Step {
  label: string;
  patches: Patch[];
  inverse: Patch[];
  mergeKey?: string;
}

export class DocumentHistory<T extends object> {
  private past: Step[] = [];
  private future: Step[] = [];
  /** How many steps were behind the saved document; null once no undo or redo can bring it back. */
  private savedAt: number | null = 0;

  constructor(public current: T) {}

  /** The document as it is now is the one last saved (or opened). */
  markSaved() {
    this.savedAt = this.past.length;
  }

  /** Whether undo or redo brought the document back to the saved one: nothing is unsaved then. */
  get atSaved() {
    return this.savedAt === this.past.length;
  }

  get canUndo() {
    return this.past.length > 0;
  }
  get canRedo() {
    return this.future.length > 0;
  }
  get undoLabel() {
    return this.past.at(-1)?.label;
  }
  get redoLabel() {
    return this.future.at(-1)?.label;
  }

  /** Applies a change; returns false (and records nothing) when it changed nothing. */
  change(label: string, recipe: (draft: Draft<T>) => T | undefined, mergeKey?: string): boolean {
    const [next, patches, inverse] = produceWithPatches(this.current, recipe as (draft: Draft<T>) => void);
    if (!patches.length) return false;
    this.current = next as T;
    const last = this.past.at(-1);
    // The saved document is out of reach when this change replaces the steps after it (or extends the step that made it).
    if (this.savedAt !== null && (this.savedAt > this.past.length || (this.savedAt === this.past.length && mergeKey && last?.mergeKey === mergeKey)))
      this.savedAt = null;
    if (mergeKey && last?.mergeKey === mergeKey && !this.future.length) {
      last.patches = [...last.patches, ...patches];
      last.inverse = [...inverse, ...last.inverse];
    } else {
      this.past.push({ label, patches, inverse, mergeKey });
    }
    this.future = [];
    return true;
  }

  undo(): boolean {
    const step = this.past.pop();
    if (!step) return false;
    this.current = applyPatches(this.current, step.inverse);
    this.future.push({ ...step, mergeKey: undefined });
    return true;
  }

  redo(): boolean {
    const step = this.future.pop();
    if (!step) return false;
    this.current = applyPatches(this.current, step.patches);
    this.past.push({ ...step, mergeKey: undefined });
    return true;
  }

  /** Starts over from a document (opened, or saved by someone else): nothing to undo. */
  reset(doc: T) {
    this.current = doc;
    this.past = [];
    this.future = [];
    this.savedAt = 0;
  }
}
