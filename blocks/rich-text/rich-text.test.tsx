import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import RichText from './index';
import { parseMarkup } from '../../runtime/ui/forms/markup';
import { withBlockDefaults } from '../../runtime/tenants/block-defaults';
import { InlineEditContext } from '../../runtime/ui/inline-edit';

describe('rich-text block', () => {
  it('turns paragraphs, lists, bold, italic and links into elements', () => {
    expect(parseMarkup('Hello **world**\n\n- one\n- [two](/two)')).toEqual([
      {
        kind: 'p',
        inlines: [
          { kind: 'text', text: 'Hello ' },
          { kind: 'bold', text: 'world' },
        ],
      },
      { kind: 'ul', items: [[{ kind: 'text', text: 'one' }], [{ kind: 'link', text: 'two', href: '/two' }]] },
    ]);
  });

  it('escapes HTML a dealer typed and drops unsafe link schemes', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <RichText
          props={withBlockDefaults('rich-text', { body: '<script>alert(1)</script> [click](javascript:alert(1)) *ok*' })}
          slots={{}}
          data={undefined}
          block={{ id: 'x', type: 'rich-text' }}
        />
      </MemoryRouter>,
    );
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<em>ok</em>');
  });

  it("marks its heading and body editable in place only in the editor's preview", () => {
    const block = (
      <MemoryRouter>
        <RichText
          props={withBlockDefaults('rich-text', { heading: 'Why us', body: 'Hello' })}
          slots={{}}
          data={undefined}
          block={{ id: 'x', type: 'rich-text' }}
        />
      </MemoryRouter>
    );
    expect(renderToStaticMarkup(block)).not.toContain('data-inline');
    const preview = renderToStaticMarkup(<InlineEditContext.Provider value={true}>{block}</InlineEditContext.Provider>);
    expect(preview).toContain('<h2 data-inline="heading">Why us</h2>');
    expect(preview).toContain('<div class="rich-text-body" data-inline="body"><p>Hello</p></div>');
  });
});
