import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { DEFAULT_LOGIN_METHOD_VALUES, LOGIN_METHOD_PATHS, type LoginMethodPath } from '@splashboard/contract';
import { initI18n } from '../../app/i18n.ts';

afterEach(cleanup);

let ValuesEditor: typeof import('./ValuesEditor.tsx').ValuesEditor;
beforeAll(async () => {
  initI18n('en-US');
  await import('./i18n.ts');
  ({ ValuesEditor } = await import('./ValuesEditor.tsx'));
});

/** Every switch that opens more settings turned on, and the limits set, so that every setting shows. */
const OPENED = {
  unlimited_speed: false,
  unlimited_data: false,
  enable_grace_period: true,
  session_limit_control: true,
  usage_notification: true,
  expiry_notification: true,
  smsnotification: true,
  webhook_accnt_notify: true,
};

/** The editor holding a method's values, as the page does; `values` has the latest. */
function Harness({ path, initial }: { path: LoginMethodPath; initial: Record<string, unknown> }) {
  const [values, setValues] = useState(initial);
  return (
    <>
      <ValuesEditor
        path={path}
        values={values}
        errors={{}}
        disabled={false}
        serverText={(m) => m}
        onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
      />
      <output data-testid="values">{JSON.stringify(values)}</output>
    </>
  );
}
const shown = () => JSON.parse(screen.getByTestId('values').textContent!) as Record<string, unknown>;

function open(path: LoginMethodPath) {
  const defaults = DEFAULT_LOGIN_METHOD_VALUES[path] as Record<string, unknown>;
  const initial = { ...defaults, ...Object.fromEntries(Object.entries(OPENED).filter(([k]) => k in defaults)) };
  render(<Harness path={path} initial={initial} />);
  return defaults;
}

/** The unit written after a number field. */
const unitOf = (label: string) =>
  screen.getByLabelText(label).closest('.MuiInputBase-root')?.querySelector('.MuiInputAdornment-root')?.textContent;

describe('a login method’s advanced settings', () => {
  it.each(LOGIN_METHOD_PATHS.filter((p) => p !== 'multilanding'))('shows a labelled control for every setting of %s', (path) => {
    const defaults = open(path);
    for (const key of Object.keys(defaults)) {
      const label = i18n.t(`splash.values.${key}`);
      expect(label, key).not.toBe(`splash.values.${key}`);
      expect(screen.getAllByLabelText(label).length, key).toBeGreaterThan(0);
    }
  });

  it('writes the units: minutes, MB and Kbps', () => {
    open('emailconfig');
    expect(unitOf('Time online per login')).toBe('minutes');
    expect(unitOf('Time to open the link')).toBe('minutes');
    expect(unitOf('Data limit')).toBe('MB');
    expect(unitOf('Upload speed')).toBe('Kbps');
    expect(unitOf('Download speed')).toBe('Kbps');
  });

  it('offers minutes, hours and days for how long a guest account lasts', () => {
    open('guestuserloginconfig');
    fireEvent.mouseDown(within(screen.getByLabelText('Account lasts').closest('.MuiStack-root')!).getByRole('combobox'));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Minutes', 'Hours', 'Days']);
    fireEvent.click(screen.getByRole('option', { name: 'Hours' }));
    expect(shown()).toMatchObject({ duration_type: 'hours' });
  });

  it('sets both speeds to 0 when unlimited speed is turned on, and hides them', () => {
    open('clickthrpughloginconfig');
    fireEvent.change(screen.getByLabelText('Download speed'), { target: { value: '2048' } });
    expect(shown()).toMatchObject({ speed_dl: 2048, unlimited_speed: false });
    fireEvent.click(screen.getByLabelText('Unlimited speed'));
    expect(shown()).toMatchObject({ speed_ul: 0, speed_dl: 0, unlimited_speed: true });
    expect(screen.queryByLabelText('Download speed')).toBeNull();
  });
});
