// A worker thread's entry when datathread runs from its TypeScript sources (tests): loads the .ts
// worker module named in workerData with jiti and hands its default export to piscina. Built code
// (dist/) never uses this file: its workers load the compiled .js directly (see worker-script.ts).
import { createJiti } from 'jiti';
import { workerData } from 'piscina';

const jiti = createJiti(import.meta.url);

export default await jiti.import(workerData.typescriptModule, { default: true });
