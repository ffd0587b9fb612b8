// Cosmos DB (SQL API) with local (key) auth disabled: database, containers with their partition keys
// (the same as src/storage/containers.ts), transcript TTL, and the identity as Built-in Data Contributor.
param location string
param name string
param tags object
param principalId string
param databaseName string
param transcriptTtlDays int
@description('Replicas across availability zones. Serverless accounts cannot be zone redundant, so this also switches to provisioned (autoscale) throughput.')
param zoneRedundant bool

var containers = [
  { name: 'botState', partitionKey: '/id' }
  { name: 'runs', partitionKey: '/id' }
  { name: 'transcripts', partitionKey: '/conversationId', defaultTtl: transcriptTtlDays * 86400 }
  { name: 'feedback', partitionKey: '/runId' }
  { name: 'approvals', partitionKey: '/id' }
  // -1: each memory document sets its own ttl (CONVERSATION_MEMORY_TTL).
  { name: 'conversationMemory', partitionKey: '/id', defaultTtl: -1 }
  { name: 'settings', partitionKey: '/id' }
  { name: 'evaluations', partitionKey: '/transcriptId' }
  { name: 'canaryRuns', partitionKey: '/id' }
  { name: 'renewalAlerts', partitionKey: '/id' }
  { name: 'suppliers', partitionKey: '/id' }
  { name: 'contracts', partitionKey: '/supplierId' }
  { name: 'spend', partitionKey: '/supplierId' }
  { name: 'policies', partitionKey: '/policyKey' }
  { name: 'benchmarks', partitionKey: '/category' }
  { name: 'spendCells', partitionKey: '/id' }
]

// Cosmos DB Built-in Data Contributor (data plane).
var dataContributor = '00000000-0000-0000-0000-000000000002'

resource account 'Microsoft.DocumentDB/databaseAccounts@2024-05-15' = {
  name: name
  location: location
  tags: tags
  kind: 'GlobalDocumentDB'
  properties: {
    databaseAccountOfferType: 'Standard'
    disableLocalAuth: true
    minimalTlsVersion: 'Tls12'
    consistencyPolicy: { defaultConsistencyLevel: 'Session' }
    locations: [{ locationName: location, failoverPriority: 0, isZoneRedundant: zoneRedundant }]
    capabilities: zoneRedundant ? [] : [{ name: 'EnableServerless' }]
    backupPolicy: { type: 'Continuous', continuousModeProperties: { tier: 'Continuous7Days' } }
  }
}

resource database 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases@2024-05-15' = {
  parent: account
  name: databaseName
  properties: union({ resource: { id: databaseName } }, zoneRedundant ? { options: { autoscaleSettings: { maxThroughput: 4000 } } } : {})
}

resource sqlContainers 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases/containers@2024-05-15' = [for container in containers: {
  parent: database
  name: container.name
  properties: {
    resource: union(
      { id: container.name, partitionKey: { paths: [container.partitionKey], kind: 'Hash', version: 2 } },
      contains(container, 'defaultTtl') ? { defaultTtl: container.defaultTtl } : {}
    )
  }
}]

resource dataRole 'Microsoft.DocumentDB/databaseAccounts/sqlRoleAssignments@2024-05-15' = {
  parent: account
  name: guid(account.id, principalId, dataContributor)
  properties: {
    principalId: principalId
    roleDefinitionId: '${account.id}/sqlRoleDefinitions/${dataContributor}'
    scope: account.id
  }
}

output endpoint string = account.properties.documentEndpoint
output databaseName string = database.name
