// Log alerts on the custom events (names fixed in src/telemetry/event-names.ts): run failure rate,
// p95 run latency over the 15 s target, Moderator failures, and the daily golden-set canary (pass
// rate below its threshold, or a canary run that failed). Notifications go to an action group.
param location string
param baseName string
param tags object
param appInsightsId string
param alertEmails array
@description('Share of runs that may fail within the window before the failure-rate alert fires (percent).')
param failureRatePercent int = 5
@description('Long-answer latency target (seed 002): p95 of run time above this fires an alert (ms).')
param p95TargetMs int = 15000
@description('Golden-set canary: a run whose share of passed checks is below this fires an alert (percent).')
param canaryPassRatePercent int = 90

resource actionGroup 'Microsoft.Insights/actionGroups@2023-01-01' = {
  name: 'ag-${baseName}'
  location: 'global'
  tags: tags
  properties: {
    groupShortName: take('procura', 12)
    enabled: true
    emailReceivers: [for (email, index) in alertEmails: {
      name: 'email-${index}'
      emailAddress: email
      useCommonAlertSchema: true
    }]
  }
}

var alerts = [
  {
    name: 'failure-rate'
    frequency: 'PT5M'
    window: 'PT15M'
    description: 'More than ${failureRatePercent}% of runs failed in the last 15 minutes (users saw an error card with a correlation id).'
    severity: 1
    query: 'customEvents | where name == "RunCompleted" | summarize runs = count(), failed = countif(tostring(customDimensions.status) == "failed") | where runs >= 5 and failed * 100.0 / runs > ${failureRatePercent}'
  }
  {
    name: 'p95-latency'
    frequency: 'PT5M'
    window: 'PT15M'
    description: 'p95 of run latency above ${p95TargetMs} ms over the last 15 minutes (target: mean <= 8 s, long answers <= 15 s).'
    severity: 2
    query: 'customEvents | where name == "RunCompleted" and tostring(customDimensions.status) == "answered" | summarize p95 = percentile(todouble(customDimensions.totalMs), 95), runs = count() | where runs >= 5 and p95 > ${p95TargetMs}'
  }
  {
    name: 'moderator-failures'
    frequency: 'PT5M'
    window: 'PT15M'
    description: 'The Moderator failed (error, timeout or invalid output) in the last 15 minutes; the whole flow was retried or the user got an error card.'
    severity: 1
    query: 'customEvents | where name == "ExecutorCompleted" and tostring(customDimensions.executor) == "moderator" and tostring(customDimensions.outcome) != "ok"'
  }
  // The canary runs once a day: an hourly look at the last hour sees each of its runs exactly once.
  {
    name: 'canary-pass-rate'
    frequency: 'PT1H'
    window: 'PT1H'
    description: 'The golden-set canary passed fewer than ${canaryPassRatePercent}% of its checks on the deployed models (a retired, upgraded or changed deployment?). Its record in Cosmos canaryRuns lists every failed check.'
    severity: 2
    query: 'customEvents | where name == "CanaryCompleted" and tostring(customDimensions.outcome) == "completed" and todouble(customDimensions.passRate) * 100 < ${canaryPassRatePercent}'
  }
  {
    name: 'canary-failed'
    frequency: 'PT1H'
    window: 'PT1H'
    description: 'A golden-set canary run could not finish (it threw before or while scoring): the deployed models were not checked.'
    severity: 1
    query: 'union (customEvents | where name == "CanaryCompleted" and tostring(customDimensions.outcome) == "failed"), (requests | where operation_Name == "golden-canary" and success == false)'
  }
]

resource rules 'Microsoft.Insights/scheduledQueryRules@2023-03-15-preview' = [for alert in alerts: {
  name: 'alert-${baseName}-${alert.name}'
  location: location
  tags: tags
  kind: 'LogAlert'
  properties: {
    displayName: 'Procura: ${alert.name}'
    description: alert.description
    severity: alert.severity
    enabled: true
    scopes: [appInsightsId]
    evaluationFrequency: alert.frequency
    windowSize: alert.window
    autoMitigate: true
    criteria: {
      allOf: [
        {
          query: alert.query
          timeAggregation: 'Count'
          operator: 'GreaterThan'
          threshold: 0
          failingPeriods: { numberOfEvaluationPeriods: 1, minFailingPeriodsToAlert: 1 }
        }
      ]
    }
    actions: { actionGroups: [actionGroup.id] }
  }
}]
