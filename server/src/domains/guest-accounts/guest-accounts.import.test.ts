import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guestAccountImports, guestAccounts } from '../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestClient, type TestServer } from '../../../test/harness.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { csvForm, fileForm, xlsxForm } from './test-files.ts';
import { readImportFile } from './import-file.ts';

let server: TestServer;
beforeAll(async () => {
  // A small upload limit, to see a file that is too large refused.
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent', UPLOAD_MAX_BYTES: '20000' });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.handle.db;
async function site() {
  const { client } = await registerAccount(server);
  const s = await createSite(client, { auth_methods: ['guestuser'] });
  return { client, siteId: s.id as number, api: `/s/${s.id}/api/v1` };
}
const accountsOf = async (siteId: number) =>
  (await db().select().from(guestAccounts).where(eq(guestAccounts.siteId, siteId))).sort((a, b) =>
    a.username.localeCompare(b.username),
  );

/** Polls the import as the page does, until the job has gone through every row. */
async function finished(client: TestClient, api: string, id: number) {
  const seen: number[] = [];
  for (let i = 0; i < 200; i++) {
    const res = await client.get(`${api}/guestuser/import/${id}`);
    expect(res.status).toBe(200);
    seen.push(res.body.processed);
    if (res.body.status === 'done' || res.body.status === 'failed') return { ...res.body, seen };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the import did not finish');
}

describe('importing guest accounts', () => {
  it('imports a CSV: good rows become accounts, bad ones are reported by row number with the reason', async () => {
    const s = await site();
    await s.client.post(`${s.api}/guestuser/create`, { username: 'existing', password: 'existing-pass' });
    const csv = [
      '\uFEFFUsername;Password;E-mail;Name;Devices;Duration;Duration unit;Data limit;Data unit',
      'Ana;ana-pass-1;ana@example.com;"López; Ana";2;3;hours;500;MB',
      'ben;short;ben@example.com;Ben;;;;;',
      ';;;;;;;;',
      'carla;carla-pass;not-an-email;Carla;1;1;day;1;GB',
      'existing;other-pass;;;;;;;',
      'ANA;ana-pass-2;;;;;;;',
      'dan;dan-pass-1;;Dan;zero;;weeks;;',
      'eve;"eve ""pass"" 1";;Eve;;;;;',
    ].join('\r\n');
    const res = await s.client.post(`${s.api}/guestuser/import`, csvForm(csv, 'front-desk.csv'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'queued',
      filename: 'front-desk.csv',
      total: 7,
      processed: 0,
      created: 0,
      rejected: [],
    });

    const done = await finished(s.client, s.api, res.body.id);
    expect(done).toMatchObject({ status: 'done', total: 7, processed: 7, created: 2, error: '' });
    // What the page polled only ever moved forward.
    expect(done.seen).toEqual([...done.seen].sort((a: number, b: number) => a - b));
    expect(done.rejected).toEqual([
      { row: 3, username: 'ben', errors: { password: ['Password must be at least 7 characters'] } },
      { row: 5, username: 'carla', errors: { email: ['Please enter a valid email address'] } },
      { row: 6, username: 'existing', errors: { username: ['This username is already taken at this site'] } },
      { row: 7, username: 'ANA', errors: { username: ['This username appears earlier in the file'] } },
      { row: 8, username: 'dan', errors: { devices: ['Enter a whole number'], duration_type: [expect.any(String)] } },
    ]);
    const stored = await accountsOf(s.siteId);
    expect(stored.map((a) => a.username)).toEqual(['ana', 'eve', 'existing']);
    expect(stored[0]).toMatchObject({
      name: 'López; Ana',
      email: 'ana@example.com',
      numDevices: 2,
      durationVal: 3,
      durationType: 'hours',
      bytesT: 500,
      bytesType: 'MB',
      source: 'import',
    });
    // Left-out limits take the site's defaults (one device, one day).
    expect(stored[1]).toMatchObject({ numDevices: 1, durationVal: 1, durationType: 'days', bytesT: 0 });
    expect(await verifyPassword(stored[1]!.passwordHash, 'eve "pass" 1')).toBe(true);
    // The rows (with their passwords) are not kept once the job is done.
    const [job] = await db().select().from(guestAccountImports).where(eq(guestAccountImports.id, res.body.id));
    expect(job!.rowsEnc).toBeNull();
  });

  it('imports an Excel workbook with numbers as numbers', async () => {
    const s = await site();
    const form = await xlsxForm([
      ['username', 'password', 'name', 'devices', 'duration', 'duration_type', 'speed_down'],
      ['room201', 12345678, 'Room 201', 2, 7, 'days', 2048],
      ['room202', 'pass-202', 'Room 202', 0, 7, 'days', null],
      [null, null, null, null, null, null, null],
      [203, 'pass-203-x', 'Room 203', 1, 30, 'minutes', 0],
    ]);
    const res = await s.client.post(`${s.api}/guestuser/import`, form);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    const done = await finished(s.client, s.api, res.body.id);
    expect(done).toMatchObject({ status: 'done', created: 2 });
    expect(done.rejected).toEqual([{ row: 3, username: 'room202', errors: { devices: ['At least 1'] } }]);
    const stored = await accountsOf(s.siteId);
    expect(stored.map((a) => [a.username, a.numDevices, a.durationVal, a.durationType, a.speedDl])).toEqual([
      ['203', 1, 30, 'minutes', 0],
      ['room201', 2, 7, 'days', 2048],
    ]);
    expect(await verifyPassword(stored[1]!.passwordHash, '12345678')).toBe(true);
  });

  it('refuses, with a message for the page, what is not a table of accounts', async () => {
    const s = await site();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(64)]);
    const notATable = 'This file is not a table: upload a CSV file or an Excel workbook (.xlsx)';
    const cases: [FormData, number, string, string, Record<string, string>?][] = [
      [fileForm(png, 'photo.png', 'image/png'), 422, notATable, 'guestAccounts.notATable'],
      [
        fileForm(Buffer.from('PK\u0003\u0004 broken'), 'broken.xlsx', 'application/zip'),
        422,
        notATable,
        'guestAccounts.notATable',
      ],
      [
        fileForm(xls, 'old.xls', 'application/vnd.ms-excel'),
        422,
        'Old Excel files (.xls) cannot be read: save the sheet as .xlsx or CSV and upload it again',
        'guestAccounts.oldExcel',
      ],
      [
        csvForm('username,password,room\nana,ana-pass-1,12\n'),
        422,
        'Unknown columns: room. Known columns: username, password, name, email, notes, devices, duration, duration_type, data_limit, data_unit, speed_up, speed_down',
        'guestAccounts.unknownColumns',
        {
          columns: 'room',
          known:
            'username, password, name, email, notes, devices, duration, duration_type, data_limit, data_unit, speed_up, speed_down',
        },
      ],
      [
        csvForm('username,email\nana,ana@example.com\n'),
        422,
        'The header row needs the columns: password',
        'guestAccounts.missingColumns',
        { columns: 'password' },
      ],
      [csvForm('username,password\n\n'), 422, 'The file has a header row but no accounts under it', 'guestAccounts.noRows'],
      [csvForm(`username,password\n${'x'.repeat(30_000)}\n`), 413, 'The file is too large', 'common.fileTooLarge'],
    ];
    for (const [form, status, message, code, params] of cases) {
      const res = await s.client.post(`${s.api}/guestuser/import`, form);
      expect(res.status, message).toBe(status);
      expect(res.body).toEqual({ status, message, schema_errors: { file: [message] }, code, ...(params && { params }) });
    }
    expect(await db().select().from(guestAccountImports).where(eq(guestAccountImports.siteId, s.siteId))).toHaveLength(0);
    expect(await accountsOf(s.siteId)).toHaveLength(0);

    // More accounts than one file may hold (read as the upload would be, without the byte limit).
    const rows = Array.from({ length: 5001 }, (_, i) => `u${i},password-${i}`).join('\n');
    await expect(readImportFile(Buffer.from(`username,password\n${rows}`))).rejects.toMatchObject({
      status: 422,
      message: 'The file has more than 5000 accounts: split it into smaller files',
      code: 'guestAccounts.tooManyRows',
      params: { max: 5000 },
    });
  });

  it('shows an import only to its own site', async () => {
    const s = await site();
    const res = await s.client.post(`${s.api}/guestuser/import`, csvForm('username,password\nsolo,solo-pass-1\n'));
    await finished(s.client, s.api, res.body.id);
    const other = await site();
    expect((await other.client.get(`${other.api}/guestuser/import/${res.body.id}`)).status).toBe(404);
    expect((await other.client.get(`${s.api}/guestuser/import/${res.body.id}`)).status).toBe(404);
  });
});
