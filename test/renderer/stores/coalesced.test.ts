import { expect, test } from 'vitest';
import { coalesced, oneAtATime } from '../../../src-renderer/stores/coalesced';

/** A task whose runs the test finishes one at a time, each with success or a failure. */
function steppedTask() {
  const finishers: Array<(error?: Error) => void> = [];
  let runs = 0;
  const task = () =>
    new Promise<void>((resolve, reject) => {
      runs += 1;
      finishers.push((error) => (error ? reject(error) : resolve()));
    });
  const finishRun = async (error?: Error) => {
    await expect.poll(() => finishers.length).toBeGreaterThan(0);
    finishers.shift()!(error);
  };
  return { task, finishRun, runs: () => runs };
}

test('calls made during a run are coalesced into one more run, and settle after it', async () => {
  const { task, finishRun, runs } = steppedTask();
  const run = coalesced(task);
  const first = run();
  const second = run();
  const third = run();
  expect(runs()).toBe(1);
  let secondSettled = false;
  void second.then(() => (secondSettled = true));
  await finishRun();
  await expect.poll(() => runs()).toBe(2); // one rerun for both calls
  expect(secondSettled).toBe(false); // it waits for a run that started after it
  await finishRun();
  await Promise.all([first, second, third]);
  expect(runs()).toBe(2);
  await Promise.all([run(), finishRun()]); // idle again: a call starts a run of its own
  expect(runs()).toBe(3);
});

test('a rerun asked for during a failing run still happens; the calls reject only if that last run fails', async () => {
  const { task, finishRun, runs } = steppedTask();
  const run = coalesced(task);
  const first = run();
  const during = run();
  await finishRun(new Error('the first read failed'));
  await expect.poll(() => runs()).toBe(2);
  await finishRun();
  await expect(first).resolves.toBeUndefined();
  await expect(during).resolves.toBeUndefined();

  const alone = run();
  await finishRun(new Error('the read failed'));
  await expect(alone).rejects.toThrow('the read failed');
  expect(runs()).toBe(3);
});

test('oneAtATime: a call while the task runs does nothing more and settles with it; the next call runs again', async () => {
  const { task, finishRun, runs } = steppedTask();
  const press = oneAtATime(task);
  const first = press();
  const again = press();
  expect(again).toBe(first);
  await finishRun(new Error('not saved'));
  await expect(again).rejects.toThrow('not saved');
  expect(runs()).toBe(1);
  const later = press();
  await finishRun();
  await later;
  expect(runs()).toBe(2);
});
