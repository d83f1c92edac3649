import fs from "node:fs";
import path from "node:path";
import type { Reporter, SerializedError, TestModule } from "vitest/node";

// Vitest's JSON report names a file whose beforeAll or afterAll failed, but not the error: it keeps
// only errors of the file itself (those it does report), and a hook of a describe block fails that
// block. `npm test` passes this reporter too, so its closing lines (all a CI log keeps) say which hook
// failed and why.

export type SuiteError = { file: string; suite: string; message: string };

const firstLines = (error: SerializedError) => (error.stack ?? error.message ?? String(error)).split("\n").slice(0, 6).join("\n");

export default class SuiteErrorsReporter implements Reporter {
  constructor(private readonly options: { outputFile?: string } = {}) {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const found: SuiteError[] = [];
    for (const module of testModules) {
      const file = module.moduleId;
      for (const suite of module.children.allSuites()) {
        for (const error of suite.errors()) found.push({ file, suite: suite.fullName, message: firstLines(error) });
      }
    }
    for (const error of unhandledErrors) found.push({ file: "", suite: "(unhandled)", message: firstLines(error) });
    const outputFile = this.options.outputFile ?? process.env.CAPSULE_SUITE_ERRORS_FILE;
    if (!outputFile) return;
    fs.mkdirSync(path.dirname(outputFile), { recursive: true });
    fs.writeFileSync(outputFile, JSON.stringify(found, null, 2));
  }
}
