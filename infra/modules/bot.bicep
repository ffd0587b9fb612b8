// The Azure Bot registration: the managed identity is the bot's app id (UserAssignedMSI, single
// tenant), messages go to the Web App, and the Microsoft Teams channel is on.
param name string
param displayName string
param tags object
param identityId string
param identityClientId string
param messagingEndpoint string
param sku string = 'F0'

resource bot 'Microsoft.BotService/botServices@2022-09-15' = {
  name: name
  location: 'global'
  tags: tags
  kind: 'azurebot'
  sku: { name: sku }
  properties: {
    displayName: displayName
    endpoint: messagingEndpoint
    msaAppId: identityClientId
    msaAppType: 'UserAssignedMSI'
    msaAppMSIResourceId: identityId
    msaAppTenantId: tenant().tenantId
    disableLocalAuth: true
  }
}

resource teams 'Microsoft.BotService/botServices/channels@2022-09-15' = {
  parent: bot
  name: 'MsTeamsChannel'
  location: 'global'
  properties: {
    channelName: 'MsTeamsChannel'
    properties: { isEnabled: true }
  }
}

output name string = bot.name
