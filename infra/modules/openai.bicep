// Azure OpenAI with the router deployment (small, fast) and the specialist/moderator deployment;
// key auth disabled, the identity calls it as Cognitive Services OpenAI User.
param location string
param name string
param tags object
param principalId string
param routerDeployment object
param mainDeployment object

var cognitiveServicesOpenAiUser = '5e0bd9bd-7b93-4f28-af87-19fc36ad61bd'

resource account 'Microsoft.CognitiveServices/accounts@2024-10-01' = {
  name: name
  location: location
  tags: tags
  kind: 'OpenAI'
  sku: { name: 'S0' }
  properties: {
    customSubDomainName: name
    disableLocalAuth: true
    publicNetworkAccess: 'Enabled'
  }
}

// Deployments of one account must be created one after the other.
@batchSize(1)
resource deployments 'Microsoft.CognitiveServices/accounts/deployments@2024-10-01' = [for deployment in [routerDeployment, mainDeployment]: {
  parent: account
  name: deployment.name
  sku: { name: deployment.skuName, capacity: deployment.capacity }
  properties: {
    model: { format: 'OpenAI', name: deployment.model, version: deployment.version }
    versionUpgradeOption: 'OnceNewDefaultVersionAvailable'
  }
}]

resource openAiUser 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(account.id, principalId, cognitiveServicesOpenAiUser)
  scope: account
  properties: {
    principalId: principalId
    principalType: 'ServicePrincipal'
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', cognitiveServicesOpenAiUser)
  }
}

output endpoint string = account.properties.endpoint
output routerDeploymentName string = routerDeployment.name
output mainDeploymentName string = mainDeployment.name
