// Procura: everything one environment needs, in one resource group. Deployed by Teams Toolkit
// (teamsapp.yml, arm/deploy) with main.parameters.json; outputs in UPPER_CASE are written back to
// env/.env.<env> (BOT_ID, BOT_DOMAIN, ...). See docs/deploy.md.
targetScope = 'resourceGroup'

@description('Lower-case base for resource names, e.g. procura-dev-ab12.')
@minLength(3)
@maxLength(20)
param resourceBaseName string

@description('Region for everything except the Azure Bot (global).')
param location string = resourceGroup().location

@description('Display name of the bot in Teams and in the Azure portal.')
param botDisplayName string = 'Procura'

@description('App Service plan SKU shared by the bot and the evaluation function (Premium v3: zone redundancy and autoscale).')
param appServiceSku string = 'P1v3'

@description('Bot instances at least (two or more: a run whose instance dies is finished by another).')
@minValue(2)
param minimumInstances int = 2

@description('Bot instances at most, added by autoscale as the run queue grows.')
param maximumInstances int = 6

@description('Zone redundancy of the App Service plan (needs Premium v3) and the storage account.')
param zoneRedundant bool = true

@description('Cosmos DB across availability zones (switches the account from serverless to autoscale throughput).')
param cosmosZoneRedundant bool = false

@description('Runs one instance works on at once.')
param runWorkerConcurrency int = 8

@description('Region for Azure OpenAI, when the models are not offered in `location`.')
param openAiLocation string = location

@description('Region of an optional secondary Azure OpenAI account with the same deployments, for failover when the primary region is down; empty for none.')
param secondaryOpenAiLocation string = ''

// GA versions on Microsoft's retirement schedule of 2026-09-02: gpt-5.4-mini retires 2027-09-21,
// gpt-5.4 2027-09-02 (docs/models.md has the sources, GPT-5.6 beside them and what to do at retirement).
@description('Router, rewriter and specialist deployment: the small, fast reasoning model.')
param routerDeployment object = {
  name: 'gpt-5.4-mini'
  model: 'gpt-5.4-mini'
  version: '2026-03-17'
  skuName: 'GlobalStandard'
  capacity: 50
}

@description('Moderator and evaluation deployment: the high-quality reasoning model.')
param mainDeployment object = {
  name: 'gpt-5.4'
  model: 'gpt-5.4'
  version: '2026-03-05'
  skuName: 'GlobalStandard'
  capacity: 50
}

@description('Azure OpenAI dated API version the bot calls; empty: the v1 API (`/openai/v1/`, no api-version).')
param openAiApiVersion string = ''

@description('Days a stored transcript lives before Cosmos DB deletes it (container default TTL).')
param transcriptTtlDays int = 90

@description('QSCORE below which the quality gate sends the answer back once.')
param qscoreThreshold int = 80

@description('Amount (JPY) above which an answer needs human approval.')
param hitlAmountThreshold int = 10000000

@description('Comma-separated spend categories whose answers always need approval.')
param hitlCategories string = ''

@description('Teams team id of the approver channel (can also be chosen later with `approvers here`).')
param approverTeamId string = ''

@description('Teams channel id of the approver channel.')
param approverChannelId string = ''

@description('Sensitivity label Teams shows on answers that cite a contract (e.g. Confidential); empty: none.')
param contractSensitivityLabel string = ''

@description('Comma-separated Entra object ids allowed to approve.')
param approverAadIds string = ''

@description('Comma-separated Entra object ids of the admins who may choose the approver channel with `approvers here` (empty: nobody may; pin it with approverTeamId/approverChannelId).')
param approverAdminAadIds string = ''

@description('Teams channel id for operator notices about failed runs (optional).')
param operatorChannelId string = ''

@description('NCRONTAB schedule of the evaluation timer.')
param evalSchedule string = '0 0 * * * *'

@description('NCRONTAB schedule of the golden-set canary timer (default daily at 05:00 UTC).')
param canarySchedule string = '0 0 5 * * *'

@description('Procurement channel for renewal alerts (19:...@thread.tacv2); empty: the approver channel.')
param renewalsChannelId string = ''

@description('Language of the renewal alert cards: en or ja.')
@allowed(['en', 'ja'])
param renewalsLanguage string = 'en'

@description('E-mail addresses that receive alert notifications.')
param alertEmails array = []

param tags object = { application: 'procura' }

var kvName = take('kv-${replace(resourceBaseName, '-', '')}', 24)

module identity 'modules/identity.bicep' = {
  name: 'identity'
  params: { location: location, name: 'id-${resourceBaseName}', tags: tags }
}

module monitoring 'modules/monitoring.bicep' = {
  name: 'monitoring'
  params: { location: location, baseName: resourceBaseName, tags: tags }
}

module keyVault 'modules/key-vault.bicep' = {
  name: 'keyVault'
  params: {
    location: location
    name: kvName
    tags: tags
    principalId: identity.outputs.principalId
    appInsightsConnectionString: monitoring.outputs.connectionString
  }
}

module openAi 'modules/openai.bicep' = {
  name: 'openAi'
  params: {
    location: openAiLocation
    name: 'oai-${resourceBaseName}'
    tags: tags
    principalId: identity.outputs.principalId
    routerDeployment: routerDeployment
    mainDeployment: mainDeployment
  }
}

// The same deployments in a second region: the bot fails over to it when the primary's circuit opens.
module openAiSecondary 'modules/openai.bicep' = if (!empty(secondaryOpenAiLocation)) {
  name: 'openAiSecondary'
  params: {
    location: secondaryOpenAiLocation
    name: 'oai-${resourceBaseName}-2'
    tags: tags
    principalId: identity.outputs.principalId
    routerDeployment: routerDeployment
    mainDeployment: mainDeployment
  }
}

// Failover order for AZURE_OPENAI_ENDPOINT: primary first.
var openAiEndpoints = empty(secondaryOpenAiLocation) ? openAi.outputs.endpoint : '${openAi.outputs.endpoint},${openAiSecondary!.outputs.endpoint}'

module cosmos 'modules/cosmos.bicep' = {
  name: 'cosmos'
  params: {
    location: location
    name: 'cosmos-${resourceBaseName}'
    tags: tags
    principalId: identity.outputs.principalId
    databaseName: 'procura'
    transcriptTtlDays: transcriptTtlDays
    zoneRedundant: cosmosZoneRedundant
  }
}

module storage 'modules/storage.bicep' = {
  name: 'storage'
  params: {
    location: location
    baseName: resourceBaseName
    tags: tags
    principalId: identity.outputs.principalId
    runQueueName: 'procura-runs'
    zoneRedundant: zoneRedundant
  }
}

// Every setting src/config/schema.ts reads in production (test/unit/infra checks the list).
var sharedSettings = {
  NODE_ENV: 'production'
  LLM_PROVIDER: 'azure-openai'
  AZURE_OPENAI_ENDPOINT: openAiEndpoints
  AZURE_OPENAI_API_VERSION: openAiApiVersion
  ROUTER_MODEL: openAi.outputs.routerDeploymentName
  // Each role states the model behind its deployment, so its efforts are checked at start-up.
  ROUTER_BASE_MODEL: '${routerDeployment.model}@${routerDeployment.version}'
  ROUTER_MODEL_FAMILY: ''
  ROUTER_REASONING_EFFORT: 'lowest'
  REWRITER_MODEL: ''
  REWRITER_BASE_MODEL: ''
  REWRITER_MODEL_FAMILY: ''
  REWRITER_REASONING_EFFORT: 'lowest'
  SPECIALIST_MODEL: openAi.outputs.routerDeploymentName
  SPECIALIST_BASE_MODEL: '${routerDeployment.model}@${routerDeployment.version}'
  SPECIALIST_MODEL_FAMILY: ''
  SPECIALIST_REASONING_EFFORT: 'lowest'
  MODERATOR_MODEL: openAi.outputs.mainDeploymentName
  MODERATOR_BASE_MODEL: '${mainDeployment.model}@${mainDeployment.version}'
  MODERATOR_MODEL_FAMILY: ''
  MODERATOR_REASONING_EFFORT: 'lowest'
  EVAL_MODEL_FAMILY: ''
  EVAL_REASONING_EFFORT: 'medium'
  LLM_MAX_RETRIES: '4'
  LLM_RETRY_INITIAL_MS: '2000'
  LLM_RETRY_MAX_MS: '30000'
  LLM_RETRY_MULTIPLIER: '2'
  MODEL_CIRCUIT_FAILURE_RATE: '50'
  MODEL_CIRCUIT_MIN_REQUESTS: '5'
  MODEL_CIRCUIT_WINDOW_MS: '60000'
  MODEL_CIRCUIT_OPEN_MS: '30000'
  MODEL_RETRY_AFTER_BUDGET_MS: '10000'
  ORCHESTRATION: 'selective'
  HANDOFF_MAX: '4'
  GROUP_CHAT_ROUNDS: '1'
  GROUP_CHAT_SPECIALISTS: ''
  QSCORE_THRESHOLD: string(qscoreThreshold)
  MAX_SPECIALISTS: '3'
  REQUERY_SPECIALISTS: '2'
  ROUTER_TIMEOUT_MS: '15000'
  SPECIALIST_TIMEOUT_MS: '30000'
  MODERATOR_TIMEOUT_MS: '45000'
  MODERATOR_WAIT_MS: '8000'
  RUN_BUDGET_MS: '120000'
  MAX_TOOL_ROUNDS: '3'
  SPECULATIVE_SPECIALISTS: 'true'
  HITL_AMOUNT_THRESHOLD: string(hitlAmountThreshold)
  HITL_CATEGORIES: hitlCategories
  FX_RATES_JPY: 'USD=150,EUR=160'
  BOT_ID: identity.outputs.clientId
  BOT_TYPE: 'UserAssignedMsi'
  BOT_TENANT_ID: tenant().tenantId
  MAX_QUESTION_CHARS: '4000'
  CONTRACT_SENSITIVITY_LABEL: contractSensitivityLabel
  AZURE_CLIENT_ID: identity.outputs.clientId
  COSMOS_ENDPOINT: cosmos.outputs.endpoint
  COSMOS_DATABASE: cosmos.outputs.databaseName
  TRANSCRIPT_TTL_DAYS: string(transcriptTtlDays)
  RUN_QUEUE_URL: storage.outputs.queueEndpoint
  RUN_QUEUE_NAME: storage.outputs.runQueueName
  RUN_WORKER_CONCURRENCY: string(runWorkerConcurrency)
  RUN_LEASE_SECONDS: '30'
  RUN_MAX_DELIVERIES: '5'
  RUN_WORKER_USER_SHARE: string((runWorkerConcurrency + 1) / 2)
  USER_MAX_IN_FLIGHT: '5'
  USER_MAX_PER_MINUTE: '20'
  CONVERSATION_MEMORY_TTL: '8h'
  CONVERSATION_MEMORY_TOKENS: '1500'
  STORE_EXECUTOR_IO: 'true'
  APPROVER_TEAM_ID: approverTeamId
  APPROVER_CHANNEL_ID: approverChannelId
  APPROVER_TENANT_ID: tenant().tenantId
  APPROVER_AAD_IDS: approverAadIds
  APPROVER_ADMIN_AAD_IDS: approverAdminAadIds
  APPROVAL_REMIND_AFTER: '4h'
  APPROVAL_EXPIRE_AFTER: '72h'
  APPROVAL_SEGREGATION_OF_DUTIES: 'true'
  APPROVAL_SCHEDULER: 'bot'
  APPROVAL_SCHEDULE: '0 */5 * * * *'
  OPERATOR_CHANNEL_ID: operatorChannelId
  OPERATOR_NOTICE_QUESTION_WORDS: '0'
  OPERATOR_NOTICES_PER_HOUR: '20'
  OPERATOR_NOTICE_DEDUP_WINDOW: '10m'
  OPERATOR_TRANSACTION_URL: '${environment().portal}/#resource${monitoring.outputs.appInsightsId}/searchV1'
  APPLICATIONINSIGHTS_CONNECTION_STRING: keyVault.outputs.appInsightsConnectionStringReference
  EVAL_SCHEDULE: evalSchedule
  EVAL_MODEL: openAi.outputs.mainDeploymentName
  EVAL_MODELS: ''
  EVAL_BATCH_SIZE: '50'
  EVAL_CONCURRENCY: '4'
  GOLDEN_SET_DIR: 'test/fixtures/golden'
  CANARY_SCHEDULE: canarySchedule
  RENEWAL_ALERT_DAYS: '60'
  RENEWAL_SCHEDULE: '0 0 7 * * *'
  RENEWALS_CHANNEL_ID: renewalsChannelId
  RENEWALS_SERVICE_URL: ''
  RENEWALS_LANGUAGE: renewalsLanguage
  SCM_DO_BUILD_DURING_DEPLOYMENT: 'false'
}

module appService 'modules/app-service.bicep' = {
  name: 'appService'
  params: {
    location: location
    baseName: resourceBaseName
    tags: tags
    identityId: identity.outputs.id
    skuName: appServiceSku
    minimumInstances: minimumInstances
    maximumInstances: maximumInstances
    zoneRedundant: zoneRedundant
    runQueueResourceId: storage.outputs.runQueueResourceId
    queueLengthPerInstance: runWorkerConcurrency * 2
    appSettings: union(sharedSettings, { CLOUD_ROLE_NAME: 'procura-bot' })
  }
}

module functionApp 'modules/function-app.bicep' = {
  name: 'functionApp'
  params: {
    location: location
    baseName: resourceBaseName
    tags: tags
    planId: appService.outputs.planId
    identityId: identity.outputs.id
    identityClientId: identity.outputs.clientId
    storageAccountName: storage.outputs.accountName
    appSettings: union(sharedSettings, { CLOUD_ROLE_NAME: 'procura-eval' })
  }
}

module bot 'modules/bot.bicep' = {
  name: 'bot'
  params: {
    name: 'bot-${resourceBaseName}'
    displayName: botDisplayName
    tags: tags
    identityId: identity.outputs.id
    identityClientId: identity.outputs.clientId
    messagingEndpoint: 'https://${appService.outputs.defaultHostName}/api/messages'
  }
}

module workbook 'modules/workbook.bicep' = {
  name: 'workbook'
  params: {
    location: location
    tags: tags
    appInsightsId: monitoring.outputs.appInsightsId
    displayName: 'Procura operations (${resourceBaseName})'
  }
}

module alerts 'modules/alerts.bicep' = {
  name: 'alerts'
  params: {
    location: location
    baseName: resourceBaseName
    tags: tags
    appInsightsId: monitoring.outputs.appInsightsId
    alertEmails: alertEmails
  }
}

output BOT_ID string = identity.outputs.clientId
output BOT_DOMAIN string = appService.outputs.defaultHostName
output BOT_AZURE_APP_SERVICE_RESOURCE_ID string = appService.outputs.webAppId
output EVAL_FUNCTION_APP_RESOURCE_ID string = functionApp.outputs.functionAppId
output COSMOS_ENDPOINT string = cosmos.outputs.endpoint
output AZURE_OPENAI_ENDPOINT string = openAiEndpoints
output KEY_VAULT_NAME string = keyVault.outputs.name
output APPLICATIONINSIGHTS_NAME string = monitoring.outputs.appInsightsName
