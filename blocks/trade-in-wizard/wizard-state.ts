// The instant offer wizard's state: the view shown and the way back to it, the lookup's answers, the photos and their
// uploads, the offer. Pure, so every path is tested without a browser; the container calls the API and dispatches
// what came back. Which view follows which answer is the domain's rule (runtime/domain/trade-in).
import {
  addImages,
  previousView,
  stepAfterEvaluation,
  TRADE_IN_MESSAGES as M,
  viewAfterLookup,
  type LookupOutcome,
  type VehicleResult,
  type WizardView,
} from '../../runtime/domain/trade-in';
import type { OfferResult } from './DetailsStep';

export interface ChosenImage {
  /** Tells apart two photos of one name; a photo removed from the middle must not pass its row to the next. */
  id: number;
  file: File;
  name: string;
  size: number;
  status: 'waiting' | 'uploading' | 'done';
  progress: number;
}

export interface WizardState {
  view: WizardView;
  history: WizardView[];
  /** Counts the moves forward: the new step's heading then takes focus (Back leaves focus on the button). */
  forward: number;
  busy: boolean;
  stepError: string | null;
  lookup: { vin: string; descriptions: string[] } | null;
  evaluation: VehicleResult | null;
  images: ChosenImage[];
  nextImageId: number;
  imageAlert: string | null;
  offer: OfferResult | null;
}

export type WizardAction =
  | { type: 'back' }
  /** A call to the API starts; 'uploading' also clears the last error (a new round of uploads). */
  | { type: 'busy' }
  | { type: 'uploading' }
  /** The step's error (null clears it); any call on its way has ended. */
  | { type: 'error'; error: string | null }
  | { type: 'looked-up'; outcome: LookupOutcome; imageUpload: boolean }
  | { type: 'selected'; outcome: LookupOutcome; imageUpload: boolean }
  | { type: 'images-chosen'; files: File[] }
  | { type: 'image-removed'; id: number }
  | { type: 'image-progress'; id: number; status: ChosenImage['status']; progress: number }
  /** A photo failed to upload: it waits to be sent again, and the step says why. */
  | { type: 'image-failed'; id: number; error: string }
  | { type: 'images-sent' }
  | { type: 'offered'; offer: OfferResult };

export function initialWizard(): WizardState {
  return {
    view: 'vehicle',
    history: ['vehicle'],
    forward: 0,
    busy: false,
    stepError: null,
    lookup: null,
    evaluation: null,
    images: [],
    nextImageId: 0,
    imageAlert: null,
    offer: null,
  };
}

const go = (state: WizardState, view: WizardView): WizardState => ({
  ...state,
  stepError: null,
  view,
  history: [...state.history, view],
  forward: state.forward + 1,
});

const patchImage = (state: WizardState, id: number, patch: Partial<ChosenImage>): WizardState => ({
  ...state,
  images: state.images.map((img) => (img.id === id ? { ...img, ...patch } : img)),
});

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'back': {
      const prev = previousView(state.history);
      return { ...state, stepError: null, view: prev.view, history: prev.history };
    }
    case 'busy':
      return { ...state, busy: true };
    case 'uploading':
      return { ...state, busy: true, stepError: null };
    case 'error':
      return { ...state, busy: false, stepError: action.error };
    case 'looked-up': {
      const { outcome } = action;
      const found = { ...state, busy: false };
      if (outcome.kind === 'descriptions') found.lookup = { vin: outcome.vin, descriptions: outcome.descriptions };
      if (outcome.kind === 'evaluation') found.evaluation = outcome.vehicle;
      return go(found, viewAfterLookup(outcome, action.imageUpload));
    }
    case 'selected':
      if (action.outcome.kind !== 'evaluation') return { ...state, busy: false, stepError: M.submitFailed };
      return go({ ...state, busy: false, evaluation: action.outcome.vehicle }, stepAfterEvaluation(action.imageUpload));
    case 'images-chosen': {
      if (!action.files.length) return state;
      const added = action.files.map(
        (file, i): ChosenImage => ({ id: state.nextImageId + i, file, name: file.name, size: file.size, status: 'waiting', progress: 0 }),
      );
      const result = addImages(state.images, added);
      return { ...state, images: result.images, imageAlert: result.alert, nextImageId: state.nextImageId + added.length };
    }
    case 'image-removed':
      return { ...state, images: state.images.filter((img) => img.id !== action.id) };
    case 'image-progress':
      return patchImage(state, action.id, { status: action.status, progress: action.progress });
    case 'image-failed':
      return { ...patchImage(state, action.id, { status: 'waiting', progress: 0 }), busy: false, stepError: action.error };
    case 'images-sent':
      return go({ ...state, busy: false }, 'details');
    case 'offered':
      return go({ ...state, offer: action.offer }, 'outcome');
  }
}

/** The photos sent so far (the details step tells the dealer how many). */
export const uploadedCount = (state: WizardState) => state.images.filter((i) => i.status === 'done').length;
