import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['{runtime,blocks,schemas,tools,editor}/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'threads',
  },
});
