import { describe, expect, it } from 'vitest';
import type { LookupOutcome } from '../../runtime/domain/trade-in';
import { initialWizard, uploadedCount, wizardReducer, type WizardAction, type WizardState } from './wizard-state';

const walk = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);
const descriptions: LookupOutcome = { kind: 'descriptions', vin: 'JM0VIN', descriptions: ['2019 Mazda CX-5 Maxx', '2019 Mazda CX-5 Touring'] };
const evaluation: LookupOutcome = { kind: 'evaluation', vehicle: { EvalID: 'E-1', Year: '2019', Make: 'Mazda', Model: 'CX-5' } as never };
const noMatch: LookupOutcome = { kind: 'no-match' };
const file = (name: string, size = 1000) => ({ name, size }) as File;
const offer = { price: 21500, validUntil: '2026-12-06', outsideRule: false };

describe('wizardReducer: the lookup', () => {
  it('starts on Vehicle Details with nothing found', () => {
    expect(initialWizard()).toMatchObject({ view: 'vehicle', history: ['vehicle'], forward: 0, busy: false, stepError: null, lookup: null, images: [] });
  });

  it('several matches: Vehicle Selection with the choices; one chosen leads to the photos (or the details where the site takes none)', () => {
    const selection = walk(initialWizard(), { type: 'busy' }, { type: 'looked-up', outcome: descriptions, imageUpload: true });
    expect(selection).toMatchObject({
      view: 'selection',
      busy: false,
      forward: 1,
      lookup: { vin: 'JM0VIN', descriptions: descriptions.kind === 'descriptions' ? descriptions.descriptions : [] },
    });
    const images = walk(selection, { type: 'busy' }, { type: 'selected', outcome: evaluation, imageUpload: true });
    expect(images.view).toBe('images');
    expect(images.evaluation?.EvalID).toBe('E-1');
    expect(images.history).toEqual(['vehicle', 'selection', 'images']);
    expect(walk(selection, { type: 'selected', outcome: evaluation, imageUpload: false }).view).toBe('details');
  });

  it('a choice the server answers without an evaluation stays on the step with the seed’s error', () => {
    const selection = walk(initialWizard(), { type: 'looked-up', outcome: descriptions, imageUpload: true }, { type: 'busy' });
    const failed = wizardReducer(selection, { type: 'selected', outcome: noMatch, imageUpload: true });
    expect(failed).toMatchObject({ view: 'selection', busy: false, stepError: 'An error occurred while submitting the form. Please try again.' });
  });

  it('one match skips the selection; no match shows the no-match panel', () => {
    expect(wizardReducer(initialWizard(), { type: 'looked-up', outcome: evaluation, imageUpload: false }).view).toBe('details');
    expect(wizardReducer(initialWizard(), { type: 'looked-up', outcome: evaluation, imageUpload: true }).view).toBe('images');
    expect(wizardReducer(initialWizard(), { type: 'looked-up', outcome: noMatch, imageUpload: true }).view).toBe('no-match');
  });

  it('a refused lookup shows the server’s words and frees the button; moving on clears them', () => {
    const refused = walk(initialWizard(), { type: 'busy' }, { type: 'error', error: 'Please enter a valid registration number.' });
    expect(refused).toMatchObject({ view: 'vehicle', busy: false, stepError: 'Please enter a valid registration number.' });
    // The old error stays in sight while the next try is on its way.
    expect(wizardReducer(refused, { type: 'busy' }).stepError).toBe('Please enter a valid registration number.');
    expect(wizardReducer(refused, { type: 'looked-up', outcome: evaluation, imageUpload: true }).stepError).toBeNull();
  });

  it('Back retraces the way the shopper came, clears the error, never before Vehicle Details, and takes no focus', () => {
    const details = walk(
      initialWizard(),
      { type: 'looked-up', outcome: descriptions, imageUpload: false },
      { type: 'selected', outcome: evaluation, imageUpload: false },
      { type: 'error', error: 'Something failed' },
    );
    const selection = wizardReducer(details, { type: 'back' });
    expect(selection).toMatchObject({ view: 'selection', stepError: null, history: ['vehicle', 'selection'], forward: details.forward });
    const vehicle = walk(selection, { type: 'back' }, { type: 'back' });
    expect(vehicle.view).toBe('vehicle');
    expect(vehicle.history).toEqual(['vehicle']);
    expect(walk(initialWizard(), { type: 'looked-up', outcome: noMatch, imageUpload: true }, { type: 'back' }).view).toBe('vehicle');
  });
});

describe('wizardReducer: the photos', () => {
  const onImages = () => wizardReducer(initialWizard(), { type: 'looked-up', outcome: evaluation, imageUpload: true });

  it('chosen photos get their own ids; a file too large or of another kind is left out with the seed’s alert', () => {
    const chosen = walk(
      onImages(),
      { type: 'images-chosen', files: [file('front.jpg'), file('back.png')] },
      { type: 'images-chosen', files: [file('side.heic')] },
    );
    expect(chosen.images.map((i) => [i.id, i.name, i.status])).toEqual([
      [0, 'front.jpg', 'waiting'],
      [1, 'back.png', 'waiting'],
      [2, 'side.heic', 'waiting'],
    ]);
    expect(chosen.imageAlert).toBeNull();
    const large = wizardReducer(chosen, { type: 'images-chosen', files: [file('huge.jpg', 11 * 1024 * 1024), file('notes.pdf')] });
    expect(large.images).toHaveLength(3);
    expect(large.imageAlert).toBe('Please upload an image file under 10MB');
    expect(wizardReducer(chosen, { type: 'images-chosen', files: [] })).toBe(chosen);
  });

  it('more than ten photos: none of the new ones is taken', () => {
    const nine = wizardReducer(onImages(), { type: 'images-chosen', files: Array.from({ length: 9 }, (_, i) => file(`p${i}.jpg`)) });
    const over = wizardReducer(nine, { type: 'images-chosen', files: [file('a.jpg'), file('b.jpg')] });
    expect(over.images).toHaveLength(9);
    expect(over.imageAlert).toBe('You can only upload 10 images');
  });

  it('removing a photo from the middle keeps the others’ rows', () => {
    const chosen = wizardReducer(onImages(), { type: 'images-chosen', files: [file('a.jpg'), file('b.jpg'), file('c.jpg')] });
    const removed = wizardReducer(chosen, { type: 'image-removed', id: 1 });
    expect(removed.images.map((i) => [i.id, i.name])).toEqual([
      [0, 'a.jpg'],
      [2, 'c.jpg'],
    ]);
    // A photo chosen after the removal does not take a used id.
    expect(wizardReducer(removed, { type: 'images-chosen', files: [file('d.jpg')] }).images.at(-1)?.id).toBe(3);
  });

  it('uploads report progress; a failure waits to be sent again with the photo’s name in the error; all sent leads to the details', () => {
    const chosen = walk(onImages(), { type: 'error', error: 'old' }, { type: 'images-chosen', files: [file('a.jpg'), file('b.jpg')] });
    const uploading = walk(chosen, { type: 'uploading' }, { type: 'image-progress', id: 0, status: 'uploading', progress: 0.5 });
    expect(uploading).toMatchObject({ busy: true, stepError: null });
    expect(uploading.images[0]).toMatchObject({ status: 'uploading', progress: 0.5 });
    const failed = walk(
      uploading,
      { type: 'image-progress', id: 0, status: 'done', progress: 1 },
      { type: 'image-failed', id: 1, error: 'b.jpg: Upload failed' },
    );
    expect(failed).toMatchObject({ busy: false, stepError: 'b.jpg: Upload failed', view: 'images' });
    expect(failed.images.map((i) => i.status)).toEqual(['done', 'waiting']);
    expect(uploadedCount(failed)).toBe(1);
    const sent = walk(failed, { type: 'uploading' }, { type: 'image-progress', id: 1, status: 'done', progress: 1 }, { type: 'images-sent' });
    expect(sent).toMatchObject({ view: 'details', busy: false, stepError: null });
    expect(uploadedCount(sent)).toBe(2);
  });
});

describe('wizardReducer: the offer', () => {
  it('the details sent show the outcome with the offer', () => {
    const details = wizardReducer(initialWizard(), { type: 'looked-up', outcome: evaluation, imageUpload: false });
    const outcome = wizardReducer(details, { type: 'offered', offer });
    expect(outcome).toMatchObject({ view: 'outcome', offer, forward: details.forward + 1 });
    expect(wizardReducer(details, { type: 'error', error: 'Please try again.' }).stepError).toBe('Please try again.');
  });
});
