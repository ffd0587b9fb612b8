// The user-assigned managed identity the bot, the Azure Bot registration and the evaluation function
// share: one principal for every role assignment, no secrets anywhere.
param location string
param name string
param tags object

resource identity 'Microsoft.ManagedIdentity/userAssignedIdentities@2023-01-31' = {
  name: name
  location: location
  tags: tags
}

output id string = identity.id
output clientId string = identity.properties.clientId
output principalId string = identity.properties.principalId
