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
            assertionResults: [
              { status: 'passed', fullName: 'b' },
              {
                status: 'passed',
                fullName: 'retried',
                failureMessages: ['AssertionError: expected 1 to be 2'],
              },
            ],
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
      unstableTests: ['server/test/b.test.ts › retried : AssertionError: expected 1 to be 2'],
    })
  })

  it('Playwright: a journey that passed on its retry counts as passed and is named as unstable; a failed one as failed', () => {
    const outcome = playwrightOutcome({
      stats: { expected: 5, unexpected: 1, flaky: 1 },
      suites: [
        {
          title: 'coupon.spec.ts',
          suites: [
            {
              title: 'coupons',
              specs: [
                { title: 'ok', tests: [{ projectName: 'phone', status: 'expected', results: [{}] }] },
                {
                  title: 'login',
                  tests: [
                    {
                      projectName: 'phone',
                      status: 'unexpected',
                      results: [{ error: { message: 'Timeout' } }, { error: { message: 'Timeout' } }],
                    },
                  ],
                },
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
      passed: 6,
      failed: 1,
      failedTests: ['[phone] coupon.spec.ts › coupons › login : Timeout'],
      unstableTests: ['[phone] coupon.spec.ts › coupons › swipe : expect(page).toHaveURL failed'],
    })
  })
})
