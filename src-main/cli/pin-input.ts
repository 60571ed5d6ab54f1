import type { Readable } from 'node:stream';
import type { CommandContext } from './context';
import { CliError } from './output';

type Stdin = Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

/** The first `count` lines of a piped stdin (a script's `printf '1234\n' | petstore clerk pin 3`). */
async function pipedLines(stdin: Readable, count: number): Promise<string[]> {
  let text = '';
  for await (const chunk of stdin as AsyncIterable<Buffer | string>) {
    text += chunk.toString();
    if (text.split('\n').length > count || text.length > 1000) break;
  }
  return text.split(/\r?\n/).slice(0, count);
}

/** One line typed at a terminal, not shown (raw mode: the PIN is not echoed). */
function typedLine(stdin: Stdin): Promise<string> {
  return new Promise((resolve, reject) => {
    let line = '';
    stdin.setRawMode?.(true);
    stdin.resume();
    const onData = (chunk: Buffer | string) => {
      for (const char of chunk.toString()) {
        if (char === '\u0003' || char === '\u0004') return done(new CliError('No PIN given.', 1));
        if (char === '\r' || char === '\n') return done(line);
        line = char === '\u007f' || char === '\b' ? line.slice(0, -1) : line + char;
      }
    };
    const done = (result: string | CliError) => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      if (result instanceof CliError) reject(result);
      else resolve(result);
    };
    stdin.on('data', onData);
  });
}

/**
 * A PIN from stdin: at a terminal asked twice, unseen, and the two must agree; from a pipe its first
 * line. The service checks what a PIN must be (4 to 8 digits).
 */
export async function readPin(cli: CommandContext, prompt: string): Promise<string> {
  const stdin = cli.io.stdin as Stdin;
  if (!stdin.isTTY) {
    const [pin = ''] = await pipedLines(stdin, 1);
    return pin.trim();
  }
  cli.io.stderr.write(`${prompt}: `);
  const first = await typedLine(stdin);
  cli.io.stderr.write(`\nAgain: `);
  const second = await typedLine(stdin);
  cli.io.stderr.write('\n');
  if (first !== second) throw new CliError('The two PINs differ: nothing was changed.', 1);
  return first.trim();
}
