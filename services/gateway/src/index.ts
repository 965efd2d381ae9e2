export { createGateway, type GatewayOptions } from './app.js';
export { routesTable, serviceFor } from './routes-table.js';
export { gatewayService } from './service.js';
export { gatewayEnvSchema, type GatewaySettings } from './settings.js';
