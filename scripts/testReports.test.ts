import { describe, expect, it } from 'vitest'
import { playwrightOutcome, vitestOutcome } from './testReports.ts'

describe('npm test names each failed test at the end', () => {
  it('Vitest: failed tests with their file and first message lines, and a file that failed outside a test', () => {
    const outcome = vitestOutcome(
      {
        numPassedTests: 3,
        numFailedTests: 1,
        testResults: [
          {
            name: '/repo/stories/Map.stories.tsx',
            status: 'failed',
            assertionResults: [
              { status: 'passed', fullName: 'Carte Vide' },
              {
                status: 'failed',
                fullName: 'Carte Avec partenaires',
                failureMessages: [
                  '\u001b[31mTestingLibraryElementError\u001b[39m: introuvable\n\n   at x.ts:1',
                ],
              },
            ],
          },
          {
            name: '/repo/server/test/a.test.ts',
            status: 'failed',
            message: 'Cannot find module',
            assertionResults: [],
          },
          {
            name: '/repo/server/test/b.test.ts',
            status: 'passed',
            assertionResults: [{ status: 'passed', fullName: 'b' }],
          },
        ],
      },
      '/repo',
    )
    expect(outcome).toEqual({
      passed: 3,
      failed: 1,
      failedTests: [
        'stories/Map.stories.tsx › Carte Avec partenaires : TestingLibraryElementError: introuvable ⏎ at x.ts:1',
        'server/test/a.test.ts : Cannot find module',
      ],
    })
  })

  it('Playwright: a flaky journey counts as failed and is named with its project and titles', () => {
    const outcome = playwrightOutcome({
      stats: { expected: 5, unexpected: 0, flaky: 1 },
      suites: [
        {
          title: 'coupon.spec.ts',
          suites: [
            {
              title: 'coupons',
              specs: [
                { title: 'ok', tests: [{ projectName: 'phone', status: 'expected', results: [{}] }] },
                {
                  title: 'swipe',
                  tests: [
                    {
                      projectName: 'phone',
                      status: 'flaky',
                      results: [{ error: { message: 'expect(page).toHaveURL failed' } }, {}],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    })
    expect(outcome).toEqual({
      passed: 5,
      failed: 1,
      failedTests: ['[phone] coupon.spec.ts › coupons › swipe (instable) : expect(page).toHaveURL failed'],
    })
  })
})
