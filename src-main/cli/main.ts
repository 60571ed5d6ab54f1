/** The `petstore` process: its arguments, its streams and signals, its exit code (run.ts does the rest). */
import { run } from './run';
import { processIo } from './process-io';

const argv = process.argv.slice(2);

// `petstore import … | head` closes the pipe early: not a failure, and not a reason to stop. The
// command finishes unheard (an import still imports) and exits with its own code (1 when rows were
// skipped). A full disk is a failure, in one line.
let readerGone = false;
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE' || readerGone) {
    readerGone = true; // later writes fail too (the stream is destroyed): nothing more to say
    return;
  }
  console.error(`petstore ${argv[0]}: cannot write the output: ${error.message}`);
  process.exit(1);
});

// Set, not process.exit(): the process ends once its output is written.
process.exitCode = await run(argv, processIo());
