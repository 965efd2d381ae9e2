export { createGateway, type GatewayOptions } from './app.js';
export { routesTable, serviceFor } from './routes-table.js';
