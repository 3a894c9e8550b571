import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { fieldTypesOf, normalizeLoginField, type LoginField, type LoginFieldType } from '@splashboard/contract';
import { initI18n } from '../../app/i18n.ts';

afterEach(cleanup);

// The catalogue is set up first, as the app does before any page loads.
let FieldListEditor: typeof import('./FieldListEditor.tsx').FieldListEditor;
beforeAll(async () => {
  initI18n('en-US');
  await import('./i18n.ts');
  ({ FieldListEditor } = await import('./FieldListEditor.tsx'));
});

const available = fieldTypesOf('emailconfig').map((field_type) => normalizeLoginField({ field_type }));
const field = (field_type: LoginFieldType, over: Partial<LoginField> = {}) => normalizeLoginField({ field_type, ...over });

/** The editor holding its list, as the page does; `seen` has every list it handed up. */
function Harness({
  initial,
  errors = {},
  disabled = false,
  lang = 'en-US',
}: {
  initial: LoginField[];
  errors?: Record<string, string>;
  disabled?: boolean;
  lang?: 'en-US' | 'es-ES';
}) {
  const [fields, setFields] = useState(initial);
  return (
    <>
      <FieldListEditor
        label="Fields"
        fields={fields}
        available={available}
        errors={errors}
        disabled={disabled}
        required="email"
        lang={lang}
        serverText={(m) => m}
        onChange={(next) => {
          seen.push(next);
          setFields(next);
        }}
      />
      <output data-testid="list">
        {fields.map((f) => `${f.field_type}:${f.title}:${f.mandatory ? 'req' : 'opt'}`).join('|')}
      </output>
    </>
  );
}
let seen: LoginField[][] = [];
const list = () => screen.getByTestId('list').textContent;

function addField(kindLabel: string) {
  fireEvent.mouseDown(screen.getByLabelText('Field to add'));
  fireEvent.click(screen.getByRole('option', { name: kindLabel }));
  fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
}

describe('the login field list editor', () => {
  it('adds a custom field with its kind’s defaults, then sets its label, required and pattern', () => {
    seen = [];
    render(<Harness initial={[field('email', { mandatory: true })]} />);
    addField('Custom text');
    expect(list()).toBe('email:Email:req|custom_text:Your answer:opt');
    const row = screen.getByRole('listitem', { name: 'Your answer' });
    fireEvent.change(within(row).getByLabelText('Label'), { target: { value: 'Room number' } });
    fireEvent.click(within(row).getByLabelText('Required'));
    fireEvent.change(within(row).getByLabelText('Validation pattern (regular expression)'), { target: { value: '^[0-9]{3}$' } });
    expect(list()).toBe('email:Email:req|custom_text:Room number:req');
    expect(seen.at(-1)![1]).toMatchObject({
      field_type: 'custom_text',
      title: 'Room number',
      mandatory: true,
      regex: '^[0-9]{3}$',
    });
  });

  it('says at once when a pattern is not a regular expression', () => {
    render(<Harness initial={[field('email', { mandatory: true }), field('firstname')]} />);
    const row = screen.getByRole('listitem', { name: 'First name' });
    fireEvent.change(within(row).getByLabelText('Validation pattern (regular expression)'), { target: { value: '([a-z' } });
    expect(within(row).getByText('This is not a valid regular expression')).toBeTruthy();
  });

  it('offers each built-in kind once, custom kinds again and again', () => {
    render(<Harness initial={[field('email', { mandatory: true }), field('custom_text')]} />);
    fireEvent.mouseDown(screen.getByLabelText('Field to add'));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).not.toContain('Email');
    expect(options).toContain('Custom text');
    expect(options).toContain('First name');
  });

  it('moves, removes, and keeps the field the method needs', () => {
    render(<Harness initial={[field('email', { mandatory: true }), field('firstname'), field('lastname')]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Move Last name up' }));
    expect(list()).toBe('email:Email:req|lastname:Last name:opt|firstname:First name:opt');
    fireEvent.click(screen.getByRole('button', { name: 'Remove First name' }));
    expect(list()).toBe('email:Email:req|lastname:Last name:opt');
    expect((screen.getByRole('button', { name: 'Remove Email' }) as HTMLButtonElement).disabled).toBe(true);
    const email = screen.getByRole('listitem', { name: 'Email' });
    expect((within(email).getByLabelText('Required') as HTMLInputElement).disabled).toBe(true);
    expect(within(email).getByText('This login method needs it: it stays, and required.')).toBeTruthy();
  });

  it('edits a list’s options one per line, gender texts and a consent’s default tick', () => {
    render(
      <Harness
        initial={[
          field('email', { mandatory: true }),
          field('custom_select', { options_list: ['A'] }),
          field('gender'),
          field('consent'),
        ]}
      />,
    );
    const select = screen.getByRole('listitem', { name: 'Choose one' });
    fireEvent.change(within(select).getByLabelText('Options, one per line'), { target: { value: 'Breakfast\nDinner\n' } });
    expect(seen.at(-1)![1]!.options_list).toEqual(['Breakfast', 'Dinner']);
    // The line just started stays in the box.
    expect((within(select).getByLabelText('Options, one per line') as HTMLTextAreaElement).value).toBe('Breakfast\nDinner\n');
    const gender = screen.getByRole('listitem', { name: 'Gender' });
    fireEvent.change(within(gender).getByLabelText('Text of the female option'), { target: { value: 'Woman' } });
    expect(seen.at(-1)![2]).toMatchObject({ female_option_text: 'Woman', male_option_text: 'Male' });
    const consent = screen.getByRole('listitem', { name: 'I agree to receive news and offers' });
    fireEvent.click(within(consent).getByLabelText('Ticked at first'));
    expect(seen.at(-1)![3]!.default_checked).toBe(true);
  });

  it('shows the server’s errors on their field and the list’s own error above it', () => {
    render(
      <Harness
        initial={[field('firstname')]}
        errors={{
          '': 'This login method needs a mandatory email field',
          '0.title': 'Too big: expected string to have <=100 characters',
        }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('This login method needs a mandatory email field');
    expect(screen.getByText('Too big: expected string to have <=100 characters')).toBeTruthy();
  });

  it('is read-only for a Read Only client', () => {
    render(<Harness initial={[field('email', { mandatory: true }), field('firstname')]} disabled />);
    expect(screen.queryByRole('button', { name: 'Add field' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Remove First name' }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      (within(screen.getByRole('listitem', { name: 'First name' })).getByLabelText('Label') as HTMLInputElement).disabled,
    ).toBe(true);
  });

  it('edits the Spanish labels in Spanish, showing what Spanish guests read where there is none', () => {
    seen = [];
    render(
      <Harness
        lang="es-ES"
        initial={[field('email', { mandatory: true }), field('custom_text', { title: 'Room number' })]}
        errors={{ '1.translations.es-ES.title': 'Too big: expected string to have <=100 characters' }}
      />,
    );
    const email = within(screen.getByRole('listitem', { name: 'Email' })).getByLabelText('Label') as HTMLInputElement;
    expect(email.value).toBe('');
    expect(email.placeholder).toBe('Correo electrónico');
    const room = within(screen.getByRole('listitem', { name: 'Room number' })).getByLabelText('Label') as HTMLInputElement;
    expect(room.placeholder).toBe('Room number');
    expect(screen.getByText('Too big: expected string to have <=100 characters')).toBeTruthy();
    fireEvent.change(room, { target: { value: 'Número de habitación' } });
    // The English label stays; the Spanish one goes beside it.
    expect(seen.at(-1)![1]).toMatchObject({ title: 'Room number', translations: { 'es-ES': { title: 'Número de habitación' } } });
  });
});
