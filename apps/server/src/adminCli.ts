import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { firstRunRequest } from '@vigia/contract';
import { ADMIN_MESSAGES } from '@vigia/domain';
import { forgetFirstRunCode } from './admin/firstRun.js';
import { hashPassword } from './auth/password.js';
import { loadConfig } from './config.js';
import { createFirstAdministrator } from './store/admin/firstRun.js';
import { openStore } from './store/database.js';

const USAGE = 'Uso: npm run admin -- criar-administrador <login> [nome]';

/**
 * Asks for the password twice without echoing what is typed. Without a
 * terminal (a script), reads the two lines from standard input.
 */
async function askPasswords(): Promise<[string, string]> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
  const lines = rl[Symbol.asyncIterator]();
  const ask = async (question: string) => {
    muted = false;
    output.write(question);
    muted = true;
    const line = await lines.next();
    process.stdout.write('\n');
    return line.done ? '' : line.value;
  };
  try {
    return [await ask('Senha: '), await ask('Confirme a senha: ')];
  } finally {
    rl.close();
  }
}

/**
 * `npm run admin -- criar-administrador <login> [nome]`: the first platform
 * administrator, from a terminal on the server's machine (the password asked
 * without echo). Like the console's first run, closed once one exists.
 */
async function main(): Promise<number> {
  const [command, login, ...nameWords] = process.argv.slice(2);
  if (command !== 'criar-administrador' || !login) {
    console.error(USAGE);
    return 2;
  }
  const [senha, confirmacao] = await askPasswords();
  const nome = nameWords.join(' ') || login;
  const parsed = firstRunRequest.safeParse({ codigo: '-', nome, login, senha, confirmacao });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(issue.message);
    return 2;
  }
  const config = loadConfig();
  const store = await openStore(config.databaseUrl);
  try {
    const outcome = await createFirstAdministrator(
      store.db,
      { nome, login: parsed.data.login, passwordHash: await hashPassword(senha) },
      'terminal',
    );
    if (outcome === 'closed') {
      console.error(ADMIN_MESSAGES.firstRunClosed);
      return 1;
    }
    if (outcome === 'taken') {
      console.error(ADMIN_MESSAGES.loginTaken.replace('{login}', login));
      return 1;
    }
    forgetFirstRunCode(config.dataDir);
    console.log(
      `Administrador da plataforma '${parsed.data.login}' criado. Entre no console com ele.`,
    );
    return 0;
  } finally {
    await store.close();
  }
}

process.exitCode = await main();
