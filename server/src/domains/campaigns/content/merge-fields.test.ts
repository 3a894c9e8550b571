import { describe, expect, it } from 'vitest';
import { fillMergeFields } from './merge-fields.ts';

describe('fillMergeFields', () => {
  it('fills the merge fields, escaping values in HTML so a name cannot add markup', () => {
    const html = '<p>Hi {{first_name}} {{ last_name }}, welcome to {{site_name}}</p>';
    expect(fillMergeFields(html, { first_name: '<b>Ana</b>', last_name: 'O"Neil', site_name: 'Café & Co' }, 'html')).toBe(
      '<p>Hi &lt;b&gt;Ana&lt;/b&gt; O&quot;Neil, welcome to Café &amp; Co</p>',
    );
    expect(fillMergeFields('Hi {{first_name}} & {{site_name}}', { first_name: '<Ana>', site_name: 'Café & Co' }, 'text')).toBe(
      'Hi <Ana> & Café & Co',
    );
  });

  it('leaves an unknown value empty and a placeholder that is no merge field as it is', () => {
    expect(fillMergeFields('Hi {{first_name}}! {{unsubscribe_url}}', {}, 'html')).toBe('Hi ! {{unsubscribe_url}}');
  });
});
