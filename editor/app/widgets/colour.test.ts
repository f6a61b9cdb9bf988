// The colour field's contrast warnings are the validator's (runtime/domain/theme/contrast.ts), so editor and CI agree.
import { describe, expect, it } from 'vitest';
import { documentWarnings } from '../../../runtime/tenants/validate';
import { contrastWarningsAt } from './colour';

const theme = { primary: '#1a4d8f', primaryText: '#ffffff', logo: { url: '/logo.svg' } };

describe('contrastWarningsAt', () => {
  it('shows no warning for a primary colour with AA contrast', () => {
    expect(contrastWarningsAt({ theme }, ['theme', 'primary'])).toEqual([]);
  });

  it('warns at the primary field for a low-contrast primary, with the messages the validator gives', () => {
    const doc = { theme: { ...theme, primary: '#ffee88' } };
    const at = contrastWarningsAt(doc, ['theme', 'primary']);
    expect(at).toContain('contrast of text on the main brand colour (header, brand bands) (#ffffff on #ffee88) is 1.17:1; WCAG AA needs at least 4.5:1');
    const validator = documentWarnings(doc as never).map((w: { message: string }) => w.message);
    for (const message of at) expect(validator).toContain(message);
  });

  it('has no warnings for colours outside the theme', () => {
    expect(contrastWarningsAt({ theme: { ...theme, primary: '#ffee88' } }, ['pages', 'x'])).toEqual([]);
  });
});
