// The evaluation Function App (timer trigger, Functions v4, Node 22) on the bot's plan, on the same
// storage account as the run queue, reached through the managed identity (no storage keys in settings).
param location string
param baseName string
param tags object
param planId string
param identityId string
param identityClientId string
param storageAccountName string
param appSettings object

var functionSettings = {
  FUNCTIONS_EXTENSION_VERSION: '~4'
  FUNCTIONS_WORKER_RUNTIME: 'node'
  AzureWebJobsStorage__accountName: storageAccountName
  AzureWebJobsStorage__credential: 'managedidentity'
  AzureWebJobsStorage__clientId: identityClientId
}

resource functionApp 'Microsoft.Web/sites@2023-12-01' = {
  name: 'func-${baseName}'
  location: location
  tags: tags
  kind: 'functionapp,linux'
  identity: {
    type: 'UserAssigned'
    userAssignedIdentities: { '${identityId}': {} }
  }
  properties: {
    serverFarmId: planId
    httpsOnly: true
    keyVaultReferenceIdentity: identityId
    siteConfig: {
      linuxFxVersion: 'NODE|22'
      alwaysOn: true
      ftpsState: 'Disabled'
      minTlsVersion: '1.2'
      appSettings: [for setting in items(union(appSettings, functionSettings)): { name: setting.key, value: setting.value }]
    }
  }
}

output functionAppId string = functionApp.id
output functionAppName string = functionApp.name
