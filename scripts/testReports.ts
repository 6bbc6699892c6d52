/**
 * What `npm test` reads from each runner's JSON report: how many tests passed and failed, and for each failed
 * test its name and the start of its message. The names are printed last because CI keeps only the end of
 * the output.
 */

export interface VitestReport {
  numPassedTests: number
  numFailedTests: number
  testResults?: {
    name: string
    message?: string
    status?: string
    assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[]
  }[]
}

interface PlaywrightSuite {
  title: string
  suites?: PlaywrightSuite[]
  specs?: {
    title: string
    tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[]
  }[]
}

export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number }
  suites?: PlaywrightSuite[]
}

export interface Outcome {
  passed: number
  failed: number
  failedTests: string[]
  /** Tests that failed, then passed when run again: they do not fail the run, but are named. */
  unstableTests: string[]
}

/** The first lines of a failure message, without terminal colours, on one line. */
export function firstLines(message: string | undefined): string {
  return (
    (message ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(0, 3)
      .join(' ⏎ ')
      .slice(0, 400)
  )
}

export function vitestOutcome(report: VitestReport, root: string): Outcome {
  const failedTests: string[] = []
  const unstableTests: string[] = []
  for (const fileResult of report.testResults ?? []) {
    const where = fileResult.name.replace(`${root}/`, '')
    const failedHere = (fileResult.assertionResults ?? []).filter((test) => test.status === 'failed')
    for (const test of failedHere)
      failedTests.push(`${where} › ${test.fullName} : ${firstLines(test.failureMessages?.[0])}`)
    // Vitest keeps a retried test's earlier errors: a passed test with errors passed on a later try.
    for (const test of fileResult.assertionResults ?? [])
      if (test.status === 'passed' && test.failureMessages?.length)
        unstableTests.push(`${where} › ${test.fullName} : ${firstLines(test.failureMessages[0])}`)
    // A file that failed outside any test (an import error, a hook) has no failed test to name.
    if (!failedHere.length && fileResult.status === 'failed')
      failedTests.push(`${where} : ${firstLines(fileResult.message)}`)
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests, failedTests, unstableTests }
}

export function playwrightOutcome(report: PlaywrightReport): Outcome {
  const failedTests: string[] = []
  const unstableTests: string[] = []
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = test.results.find((result) => result.error)?.error?.message
          const line = `[${test.projectName}] ${[...titles, spec.title].join(' › ')} : ${firstLines(error)}`
          if (test.status === 'flaky') unstableTests.push(line)
          else failedTests.push(line)
        }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title])
  }
  for (const suite of report.suites ?? []) visit(suite, [suite.title])
  // A journey that failed and then passed on its traced retry counts as passed, and is named as unstable.
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    failedTests,
    unstableTests,
  }
}
