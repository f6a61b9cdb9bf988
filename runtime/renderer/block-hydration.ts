// How a block hydrates on a first page, declared by a `hydration.ts` beside its schema (`export const hydration`).
// Without one, a block on screen hydrates at load and one below the fold when seen or touched (fold.ts). On a
// client-side navigation every block renders from its code, whatever it declares.
// - 'never': markup only (no state, handlers or effects). Its server HTML is kept and its code never loads
//   (lazy-hydration.ts keepServerHtml); its site links navigate in the page through one click listener. A block with
//   slots never declares it (its children may need code).
// - 'on-interaction': its server HTML works until touched (links, a GET form, native controls) and nothing in it must
//   run at load (a timer, a dialog opened by the address, an effect that fetches what the shopper needs to see at once,
//   a swipe whose start would be lost). It hydrates when pointed at, touched, focused or typed into, even on screen,
//   and what was done before is replayed (lazy-hydration.ts). A HydrateOnLoad marker it renders still wins.
export type BlockHydration = 'never' | 'on-interaction';

const declared = import.meta.glob<BlockHydration>('../../blocks/*/hydration.ts', { eager: true, import: 'hydration' });
const HYDRATION_BY_TYPE = new Map(Object.entries(declared).map(([path, hydration]) => [path.split('/').at(-2)!, hydration]));

export const blockHydration = (type: string): BlockHydration | undefined => HYDRATION_BY_TYPE.get(type);
export const isStaticBlock = (type: string) => blockHydration(type) === 'never';
