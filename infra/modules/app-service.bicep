// The App Service plan (Linux, at least two instances, zone redundant where the SKU allows, scaled on
// the run queue's length) and the bot's Web App: Node 22 LTS, always on, HTTPS only, the managed
// identity for Azure calls and Key Vault references.
param location string
param baseName string
param tags object
param identityId string
param skuName string
@description('Instances the plan runs at least (runs are shared through the queue, so any instance can fail).')
@minValue(2)
param minimumInstances int
@description('Instances autoscale may add when the run queue grows.')
param maximumInstances int
@description('Spread instances across availability zones (Premium v3 and up, in regions with zones).')
param zoneRedundant bool
@description('The run queue (storage queue resource id) whose length drives autoscale.')
param runQueueResourceId string
@description('Queued runs per instance above which autoscale adds one.')
param queueLengthPerInstance int
param appSettings object

resource plan 'Microsoft.Web/serverfarms@2023-12-01' = {
  name: 'asp-${baseName}'
  location: location
  tags: tags
  kind: 'linux'
  sku: { name: skuName, capacity: minimumInstances }
  properties: { reserved: true, zoneRedundant: zoneRedundant }
}

// Scale out on the run queue's length (questions waiting for a worker), back in when it drains.
resource autoscale 'Microsoft.Insights/autoscalesettings@2022-10-01' = {
  name: 'autoscale-${baseName}'
  location: location
  tags: tags
  properties: {
    enabled: true
    targetResourceUri: plan.id
    profiles: [
      {
        name: 'run-queue-length'
        capacity: { minimum: string(minimumInstances), maximum: string(maximumInstances), default: string(minimumInstances) }
        rules: [
          {
            metricTrigger: {
              metricName: 'ApproximateMessageCount'
              metricNamespace: ''
              metricResourceUri: runQueueResourceId
              timeGrain: 'PT1M'
              statistic: 'Average'
              timeWindow: 'PT5M'
              timeAggregation: 'Average'
              operator: 'GreaterThan'
              threshold: queueLengthPerInstance
            }
            scaleAction: { direction: 'Increase', type: 'ChangeCount', value: '1', cooldown: 'PT5M' }
          }
          {
            metricTrigger: {
              metricName: 'ApproximateMessageCount'
              metricNamespace: ''
              metricResourceUri: runQueueResourceId
              timeGrain: 'PT1M'
              statistic: 'Average'
              timeWindow: 'PT10M'
              timeAggregation: 'Average'
              operator: 'LessThan'
              threshold: 1
            }
            scaleAction: { direction: 'Decrease', type: 'ChangeCount', value: '1', cooldown: 'PT10M' }
          }
        ]
      }
    ]
  }
}

resource webApp 'Microsoft.Web/sites@2023-12-01' = {
  name: 'app-${baseName}'
  location: location
  tags: tags
  kind: 'app,linux'
  identity: {
    type: 'UserAssigned'
    userAssignedIdentities: { '${identityId}': {} }
  }
  properties: {
    serverFarmId: plan.id
    httpsOnly: true
    keyVaultReferenceIdentity: identityId
    siteConfig: {
      linuxFxVersion: 'NODE|22-lts'
      alwaysOn: true
      ftpsState: 'Disabled'
      minTlsVersion: '1.2'
      http20Enabled: true
      healthCheckPath: '/healthz'
      appCommandLine: 'node dist/src/index.js'
      appSettings: [for setting in items(appSettings): { name: setting.key, value: setting.value }]
    }
  }
}

output planId string = plan.id
output webAppId string = webApp.id
output webAppName string = webApp.name
output defaultHostName string = webApp.properties.defaultHostName
