// The storage account of the run queue (and of the Functions host): shared-key access disabled, so
// every caller uses its managed identity. The run queue, its started and poison queues, the identity as
// Storage Queue Data Contributor (the bot's queue) and the roles the Functions host needs.
param location string
param baseName string
param tags object
param principalId string
param runQueueName string
@description('Zone-redundant storage (ZRS) where the region has availability zones.')
param zoneRedundant bool

var storageBlobDataOwner = 'b7e6dc6d-f1e8-4753-8033-0f276bb0955b'
var storageQueueDataContributor = '974c5e8b-45b9-4653-ba55-5f855dd0fb88'
var storageTableDataContributor = '0a9a7e1f-b9d0-4cc4-a60d-0319b160aaa3'

resource storage 'Microsoft.Storage/storageAccounts@2023-05-01' = {
  name: take('st${replace(baseName, '-', '')}', 24)
  location: location
  tags: tags
  kind: 'StorageV2'
  sku: { name: zoneRedundant ? 'Standard_ZRS' : 'Standard_LRS' }
  properties: {
    allowBlobPublicAccess: false
    allowSharedKeyAccess: false
    minimumTlsVersion: 'TLS1_2'
    supportsHttpsTrafficOnly: true
  }
}

resource queueService 'Microsoft.Storage/storageAccounts/queueServices@2023-05-01' = {
  parent: storage
  name: 'default'
}

resource runQueue 'Microsoft.Storage/storageAccounts/queueServices/queues@2023-05-01' = {
  parent: queueService
  name: runQueueName
}

// Runs a worker has started (moved here when taken): one whose worker died reappears here and is
// taken before new questions (the bot names it <queue>-started).
resource startedQueue 'Microsoft.Storage/storageAccounts/queueServices/queues@2023-05-01' = {
  parent: queueService
  name: '${runQueueName}-started'
}

// Messages delivered too often are kept here for inspection (the bot names it <queue>-poison).
resource poisonQueue 'Microsoft.Storage/storageAccounts/queueServices/queues@2023-05-01' = {
  parent: queueService
  name: '${runQueueName}-poison'
}

resource storageRoles 'Microsoft.Authorization/roleAssignments@2022-04-01' = [for role in [storageBlobDataOwner, storageQueueDataContributor, storageTableDataContributor]: {
  name: guid(storage.id, principalId, role)
  scope: storage
  properties: {
    principalId: principalId
    principalType: 'ServicePrincipal'
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', role)
  }
}]

output accountName string = storage.name
output queueEndpoint string = storage.properties.primaryEndpoints.queue
output runQueueName string = runQueue.name
// What autoscale reads the queue length (ApproximateMessageCount) from.
output runQueueResourceId string = '${storage.id}/services/queue/queues/${runQueue.name}'
output roleAssignmentIds array = [for i in range(0, 3): storageRoles[i].id]
