// Markup only: on a first page its server HTML is kept and its code never loads (runtime/renderer/static-blocks.ts).
export const staticBlock = true;
