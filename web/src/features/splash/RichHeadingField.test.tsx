import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { initI18n } from '../../app/i18n.ts';

afterEach(cleanup);

let mod: typeof import('./RichHeadingField.tsx');
beforeAll(async () => {
  initI18n('en-US');
  await import('./i18n.ts');
  mod = await import('./RichHeadingField.tsx');
});

/** The field holding its value, as the styles editor does; `seen` has every value it handed up. */
function Harness({ initial, level = 2 }: { initial: string; level?: number }) {
  const [value, setValue] = useState(initial);
  const { RichHeadingField } = mod;
  return (
    <RichHeadingField
      label="Heading"
      value={value}
      level={level}
      disabled={false}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}
let seen: string[] = [];
const editable = () => screen.getByRole('textbox', { name: 'Heading' });

/** Selects a word of the heading, as the operator would with the mouse. */
function select(word: string) {
  const walker = document.createTreeWalker(editable(), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent!.indexOf(word);
    if (at === -1) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + word.length);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    fireEvent.mouseUp(editable());
    return;
  }
  throw new Error(`${word} is not in the heading`);
}

describe('the heading editor', () => {
  it('shows a stored heading’s words in the heading style and stores what is typed inside the theme’s heading element', () => {
    seen = [];
    render(<Harness initial="<h2>Welcome to Harbour Café</h2>" />);
    expect(editable().innerHTML).toBe('Welcome to Harbour Café');
    editable().innerHTML = 'Welcome aboard';
    fireEvent.input(editable());
    expect(seen).toEqual(['<h2>Welcome aboard</h2>']);
  });

  it('makes the selection bold, italic, a size, and a link to a web or mail address only', () => {
    seen = [];
    render(<Harness initial="<h2>Hello harbour world</h2>" />);
    select('world');
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(seen.at(-1)).toBe('<h2>Hello harbour <b>world</b></h2>');
    select('Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Italic' }));
    expect(seen.at(-1)).toBe('<h2><i>Hello</i> harbour <b>world</b></h2>');
    // Bold again on a bold word takes the bold off.
    select('world');
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(seen.at(-1)).toBe('<h2><i>Hello</i> harbour world</h2>');

    select('harbour');
    fireEvent.click(screen.getByRole('button', { name: 'Size' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Large' }));
    expect(seen.at(-1)).toBe('<h2><i>Hello</i> <span data-size="large">harbour</span> world</h2>');

    select('world');
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const address = screen.getByLabelText('Link address');
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the link' }));
    expect(screen.getByText('Enter an address starting with https://, http:// or mailto:')).toBeTruthy();
    fireEvent.change(address, { target: { value: 'https://harbour.example/menu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the link' }));
    expect(seen.at(-1)).toBe(
      '<h2><i>Hello</i> <span data-size="large">harbour</span> <a href="https://harbour.example/menu" rel="noopener nofollow">world</a></h2>',
    );
  });

  it('keeps a heading’s own level, and a heading written as several blocks keeps its blocks', () => {
    const { editableOf, headingOf } = mod;
    expect(editableOf('<h3>Card details</h3>', 2)).toEqual({ html: 'Card details', level: 3 });
    expect(headingOf('Card <b>details</b>', 3)).toBe('<h3>Card <b>details</b></h3>');
    // Plain text from before the editor: shown as it is, stored as the theme's heading once edited.
    expect(editableOf('Welcome', 2)).toEqual({ html: 'Welcome', level: 2 });
    expect(headingOf('Welcome!', 2)).toBe('<h2>Welcome!</h2>');
    expect(editableOf('<h3>Harbour</h3><p>Free Wi-Fi</p>', 2).html).toBe('<h3>Harbour</h3><p>Free Wi-Fi</p>');
    expect(headingOf('<h3>Harbour</h3><p>Free Wi-Fi</p>', 2)).toBe('<h3>Harbour</h3><p>Free Wi-Fi</p>');
    // Emptied: nothing to store; what the browser leaves behind is not kept.
    expect(headingOf('<br>', 2)).toBe('');
    expect(headingOf('Hi&nbsp;<b onclick="x()">there</b><script>x()</script>', 2)).toBe('<h2>Hi <b>there</b></h2>');
  });
});
