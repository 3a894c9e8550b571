// `npm run lint`: the migrations only EXPAND the schema, so the previous release's nodes keep serving on a database
// the first node of a new release has migrated (README, "Upgrading: expand, then contract").
// A statement that takes away or changes something an older release's code may still use is refused:
// - DROP TABLE / COLUMN / CONSTRAINT / INDEX / VIEW / TYPE / FUNCTION / TRIGGER / SEQUENCE / SCHEMA, DROP DEFAULT;
// - RENAME (of a table, column, constraint, index...);
// - ALTER COLUMN ... TYPE;
// - SET NOT NULL on a column;
// - a new NOT NULL column without a DEFAULT (an older release's INSERT does not name it).
// What a migration creates and then changes in the same file (a new table, a new column, a new index) is not
// old, so it is not refused. A statement that must contract anyway says why it is safe now on a comment line
// before it, `-- contract: <why>` (typically: the code stopped using the column a release ago).
// Every migration is checked: drizzle's migrator keeps each file's hash but never compares it, so a comment
// added to a migration already applied changes nothing for a database (drizzle-orm's pg-core dialect migrate()).
// Usage: node scripts/check-migrations.mjs [folder]; prints each statement refused with file and line, exits 1.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const folder = path.resolve(process.argv[2] ?? path.join(root, 'server/src/db/migrations'));

/**
 * A migration's statements: each with its line, its text, its `code` (comments dropped, string and
 * dollar-quoted bodies emptied, white space collapsed: what the rules read) and the comments just before it.
 */
export function statementsOf(text) {
  const statements = [];
  let line = 1;
  let comments = [];
  let current = null;
  const finish = () => {
    if (current && current.code.trim()) {
      statements.push({
        line: current.line,
        text: current.text.trim(),
        code: current.code.replace(/\s+/g, ' ').trim(),
        comments: current.comments,
      });
    }
    current = null;
  };
  const take = (piece, code = piece) => {
    if (!current) current = { line, text: '', code: '', comments };
    current.text += piece;
    current.code += code;
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    let piece;
    if (rest.startsWith('--')) {
      piece = /^--[^\n]*/.exec(rest)[0];
      if (piece.startsWith('--> statement-breakpoint')) {
        finish();
        comments = [];
      } else if (current) current.text += piece;
      else comments.push(piece);
    } else if (rest.startsWith('/*')) {
      const end = rest.indexOf('*/');
      piece = end < 0 ? rest : rest.slice(0, end + 2);
      if (current) current.text += piece;
      else comments.push(piece);
    } else if (rest[0] === "'" || rest[0] === '"') {
      const quote = rest[0];
      let j = 1;
      while (j < rest.length && !(rest[j] === quote && rest[j + 1] !== quote)) j += rest[j] === quote ? 2 : 1;
      piece = rest.slice(0, j + 1);
      // Identifiers stay (the rules read names); a string's content does not.
      take(piece, quote === '"' ? piece : "''");
    } else if (/^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.test(rest)) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(rest)[0];
      const end = rest.indexOf(tag, tag.length);
      piece = end < 0 ? rest : rest.slice(0, end + tag.length);
      take(piece, '$$ $$');
    } else if (rest[0] === ';') {
      piece = ';';
      take(piece);
      finish();
      comments = [];
    } else if (/\s/.test(rest[0])) {
      piece = rest[0];
      if (current) take(piece);
    } else {
      piece = /^[^\s;'"$/-]+|^./.exec(rest)[0];
      take(piece);
    }
    line += piece.split('\n').length - 1;
    i += piece.length;
  }
  finish();
  return statements;
}

const NAME = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`;
const QUALIFIED = String.raw`${NAME}(?:\.${NAME})?`;
/** A name as PostgreSQL compares it: unquoted folded to lower case, the schema left off. */
const bare = (name) => {
  const last = name.match(new RegExp(NAME, 'g')).at(-1);
  return last.startsWith('"') ? last.slice(1, -1).replace(/""/g, '"') : last.toLowerCase();
};

/** The parts of `text` between commas outside parentheses (an ALTER TABLE's actions). */
function topLevelParts(text) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    else if (text[i] === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
}

/** The names a statement creates: tables, indexes, columns, constraints, types, functions... */
function createdBy(code) {
  const names = [];
  const created = new RegExp(
    String.raw`^CREATE\s+(?:OR\s+REPLACE\s+)?(?:UNIQUE\s+)?(?:TABLE|INDEX|VIEW|MATERIALIZED\s+VIEW|TYPE|FUNCTION|TRIGGER|SEQUENCE|SCHEMA)\s+(?:CONCURRENTLY\s+)?(?:IF\s+NOT\s+EXISTS\s+)?(${QUALIFIED})`,
    'i',
  ).exec(code);
  if (created) names.push(bare(created[1]));
  for (const m of code.matchAll(new RegExp(String.raw`\bADD\s+(?:COLUMN\s+)?(?:IF\s+NOT\s+EXISTS\s+)?(${NAME})`, 'gi')))
    if (!/^(CONSTRAINT|PRIMARY|UNIQUE|FOREIGN|CHECK|EXCLUDE)$/i.test(m[1])) names.push(bare(m[1]));
  for (const m of code.matchAll(new RegExp(String.raw`\bCONSTRAINT\s+(${NAME})`, 'gi'))) names.push(bare(m[1]));
  return names;
}

/** Why `statement` contracts the schema (empty when it only expands); `created`: the names earlier statements made. */
function contractions(code, created) {
  const isNew = (name) => created.has(bare(name));
  const found = [];
  const dropped = new RegExp(
    String.raw`^DROP\s+(TABLE|INDEX|VIEW|MATERIALIZED\s+VIEW|TYPE|FUNCTION|TRIGGER|SEQUENCE|SCHEMA)\s+(?:CONCURRENTLY\s+)?(?:IF\s+EXISTS\s+)?(${QUALIFIED}(?:\s*,\s*${QUALIFIED})*)`,
    'i',
  ).exec(code);
  if (dropped) {
    const old = dropped[2].match(new RegExp(QUALIFIED, 'g')).filter((n) => !isNew(n));
    if (old.length) found.push(`drops ${dropped[1].toUpperCase()} ${old.join(', ')}, which an older release may still use`);
  }
  if (/\bRENAME\b/i.test(code)) found.push('renames what an older release still uses by its old name');
  const altered = new RegExp(String.raw`^ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?(${QUALIFIED})\s+(.*?);?$`, 'i').exec(
    code,
  );
  if (altered && !isNew(altered[1])) {
    for (const action of topLevelParts(altered[2])) {
      const column = new RegExp(String.raw`^ALTER\s+(?:COLUMN\s+)?(${NAME})\s+(.*)$`, 'i').exec(action);
      const drop = new RegExp(String.raw`^DROP\s+(COLUMN\s+|CONSTRAINT\s+)?(?:IF\s+EXISTS\s+)?(${NAME})`, 'i').exec(action);
      const add = new RegExp(String.raw`^ADD\s+(?:COLUMN\s+)?(?:IF\s+NOT\s+EXISTS\s+)?(${NAME})\s+(.*)$`, 'i').exec(action);
      if (drop && !isNew(drop[2]))
        found.push(
          `drops ${drop[1]?.trim().toUpperCase() === 'CONSTRAINT' ? 'CONSTRAINT' : 'COLUMN'} ${drop[2]}, which an older release may still use`,
        );
      if (column && !isNew(column[1])) {
        if (/^(SET\s+DATA\s+)?TYPE\b/i.test(column[2])) found.push(`changes the type of column ${column[1]}`);
        if (/^SET\s+NOT\s+NULL\b/i.test(column[2]))
          found.push(`makes column ${column[1]} NOT NULL, which an older release may leave empty`);
        if (/^DROP\s+DEFAULT\b/i.test(column[2]))
          found.push(`drops the default of column ${column[1]}, which an older release's INSERT relies on`);
      }
      if (add && !/^(CONSTRAINT|PRIMARY|UNIQUE|FOREIGN|CHECK|EXCLUDE)$/i.test(add[1])) {
        const definition = add[2];
        if (
          /\bNOT\s+NULL\b|\bPRIMARY\s+KEY\b/i.test(definition) &&
          !/\bDEFAULT\b|\bGENERATED\b|^(SMALL|BIG)?SERIAL\b/i.test(definition)
        )
          found.push(`adds NOT NULL column ${add[1]} without a DEFAULT, which an older release's INSERT does not fill`);
      }
    }
  }
  return found;
}

/** Each statement of the migrations in `dir` that contracts the schema without a `-- contract:` reason. */
export function checkMigrations(dir) {
  const problems = [];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const file of files) {
    const created = new Set();
    for (const statement of statementsOf(readFileSync(path.join(dir, file), 'utf8'))) {
      const reasons = contractions(statement.code, created);
      for (const name of createdBy(statement.code)) created.add(name);
      if (!reasons.length) continue;
      if (statement.comments.some((c) => /^--\s*contract:\s*\S/.test(c))) continue;
      const shown = statement.text.split('\n')[0].slice(0, 140);
      problems.push(`${path.relative(process.cwd(), path.join(dir, file))}:${statement.line}: ${shown}\n  ${reasons.join('; ')}`);
    }
  }
  return { files: files.length, problems };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, problems } = checkMigrations(folder);
  if (problems.length) {
    console.error(problems.join('\n'));
    console.error(
      `\n${problems.length} statement(s) contract the schema while the previous release's nodes may still serve on it.\n` +
        'Expand instead (add the new thing, keep the old one until no release in service uses it), or, when it is safe,\n' +
        'put a comment line `-- contract: <why it is safe now>` before the statement (README, "Upgrading: expand, then contract").',
    );
    process.exit(1);
  }
  console.log(`migrations: ${files} files only expand the schema (or say why they contract it)`);
}
