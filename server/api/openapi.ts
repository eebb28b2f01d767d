// The OpenAPI document, generated from the same zod schemas that validate the requests.
import { z } from 'zod';
import { catalogQuerySchema } from '#src/domain/catalog/query.ts';
import { cartBodySchema } from './account.ts';
import { selectionSchema, vehicleYearSchema } from '#src/domain/fitment/selector.ts';
import { chatRequestSchema } from '#src/domain/assistant/chat-input.ts';
import { quoteRequestSchema } from '#src/domain/cart/quote.ts';
import { placeOrderSchema } from '#src/domain/checkout/rules.ts';
import { legacyOrderSchema } from './orders.ts';

const image = z.object({ url: z.string(), alt: z.string(), width: z.number().int(), height: z.number().int() });
const summary = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  brand: z.string(),
  category: z.string(),
  priceCents: z.number().int().describe('Preço atual em centavos'),
  oldPriceCents: z.number().int().nullable().describe('Preço antigo em centavos'),
  onSale: z.boolean(),
  discountPercent: z.number().int(),
  stock: z.number().int(),
  rating: z
    .object({ average: z.number().describe('Média das avaliações aprovadas, com uma casa decimal'), count: z.number().int() })
    .nullable()
    .describe('Avaliações de compradores verificados; null antes da primeira'),
  image: image.nullable(),
});
const detail = summary.omit({ description: true }).extend({
  description: z.string(),
  kind: z.string(),
  refCode: z.string(),
  oemCodes: z.array(z.string()).describe('Códigos originais (OEM) das montadoras'),
  equivalentCodes: z.array(z.string()).describe('Códigos equivalentes de outras marcas, cada um "Marca CÓDIGO"'),
  specs: z.array(z.object({ label: z.string(), value: z.string() })).describe('Ficha técnica, na ordem de exibição'),
  vehicleType: z.string(),
  condition: z.string(),
  createdAt: z.string(),
  images: z.array(image),
  variants: z.array(z.object({ id: z.number().int(), color: z.string(), size: z.string(), stock: z.number().int() })),
});
const legacy = z.object({
  id: z.number().int(),
  titulo: z.string(),
  descricao: z.string(),
  valorantigo: z.number().nullable().describe('Preço antigo em reais'),
  valoratual: z.number().describe('Preço atual em reais'),
  desconto: z.boolean(),
  valordesconto: z.number().int().describe('Percentual de desconto'),
  foto: z.string().nullable(),
});
const error = z.object({ erro: z.string().describe('Mensagem em português') });
const searchResult = z.object({
  items: z.array(summary.extend({ fitment: z.enum(['vehicle', 'universal']).optional().describe('Com veículo: feito para ele ou universal') })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int().describe('Até lastPage'),
  totalIsLowerBound: z.boolean().describe('true: mais de 10.000 resultados (total é o mínimo, a contagem parou ali)'),
  lastPage: z.number().int().describe('A página mais funda de uma lista (os primeiros 10.000 resultados); refine a busca para ver outros'),
  beyondLastPage: z.boolean().describe('true: a página pedida passa de lastPage e vem sem itens'),
  correctedQuery: z.string().nullable(),
  vehicle: z
    .object({
      source: z.enum(['param', 'words']).describe('param: o parâmetro vehicle; words: reconhecido na busca (q)'),
      label: z.string(),
      year: z.number().int().nullable(),
      vehicleIds: z.array(z.number().int()),
      words: z.string().nullable().describe('As palavras da busca lidas como veículo'),
    })
    .nullable()
    .describe('O veículo aplicado como filtro: só produtos compatíveis ou universais'),
});
const option = z.object({ value: z.string(), label: z.string() });
const vehicleChoices = z.object({
  level: z.enum(['type', 'make', 'model', 'year', 'version']).nullable().describe('O nível das opções: o primeiro ainda não escolhido'),
  options: z.array(option),
  vehicle: z.object({ id: z.number().int(), label: z.string(), yearFrom: z.number().int(), yearTo: z.number().int() }).nullable(),
});
const vehicle = z.object({
  id: z.number().int(),
  type: z.string(),
  make: z.string(),
  makeSlug: z.string(),
  model: z.string(),
  modelSlug: z.string(),
  version: z.string().describe('Versão/motor'),
  engine: z.string(),
  yearFrom: z.number().int(),
  yearTo: z.number().int(),
  label: z.string(),
});
const fitment = z.object({
  productId: z.number().int(),
  universal: z.array(z.string()).describe('Tipos de veículo para os quais a peça é universal'),
  vehicles: z.array(z.object({ vehicle: z.string(), version: z.string(), yearFrom: z.number().int(), yearTo: z.number().int(), years: z.string(), vehicleIds: z.array(z.number().int()) })),
  answer: z.object({ vehicle: z.object({ id: z.number().int(), label: z.string() }), fits: z.boolean(), how: z.enum(['vehicle', 'universal']).nullable() }).nullable(),
});

function parametersOf(schema: z.ZodType) {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Record<string, unknown>> };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({ name, in: 'query', required: false, schema: s }));
}

function queryParameters() {
  const schema = catalogQuerySchema({ maxPageSize: 200, defaultPageSize: 50 });
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, Record<string, unknown>>;
  };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: false,
    schema: s,
    ...(s.type === 'array' ? { style: 'form', explode: true } : {}),
  }));
}

const js = (s: z.ZodType) => z.toJSONSchema(s, { io: 'output', unrepresentable: 'any' });

let cached: object | undefined;
export function openApiDocument(publicUrl: string) {
  cached ??= {
    openapi: '3.1.0',
    info: {
      title: 'Olimpo Peças API',
      version: '1.1.0',
      description: [
        'API da Olimpo Peças, usável por outra vitrine (headless). Valores em centavos, exceto nas chamadas do protótipo (/api/produtos, /orders, /chat: reais).',
        'CORS: as origens de CORS_ORIGINS recebem Access-Control-Allow-Origin (com credenciais) em /api/*, /orders e /chat, e o preflight OPTIONS responde 204; outras origens não recebem cabeçalhos CORS e suas escritas são recusadas (403).',
        'Escritas vindas de navegador precisam de Origin igual ao endereço da loja, a PUBLIC_URL ou a uma origem de CORS_ORIGINS. Erros: { "erro": "mensagem em português" }. Banco indisponível: 503 com Retry-After.',
      ].join(' '),
    },
    servers: [{ url: publicUrl }],
    paths: {
      '/api/produtos': {
        get: {
          summary: 'Produtos no formato do protótipo (reais)',
          parameters: queryParameters(),
          responses: {
            200: { description: 'Lista de produtos; total no cabeçalho X-Total-Count', content: { 'application/json': { schema: js(z.array(legacy)) } } },
            400: { description: 'Parâmetros inválidos', content: { 'application/json': { schema: js(error) } } },
          },
        },
      },
      '/api/products': {
        get: {
          summary: 'Busca, filtros, ordenação e páginas do catálogo',
          parameters: [...queryParameters(), { name: 'facetas', in: 'query', required: false, schema: { type: 'string', enum: ['1'] } }],
          responses: {
            200: { description: 'Página de resultados', content: { 'application/json': { schema: js(searchResult) } } },
            400: { description: 'Parâmetros inválidos', content: { 'application/json': { schema: js(error) } } },
          },
        },
      },
      '/api/vehicles': {
        get: {
          summary: 'Escolhas em cascata de "Qual é o seu veículo?": tipo → marca → modelo → ano → versão',
          description: 'Devolve as opções do primeiro nível não informado; cada nível exige os anteriores.',
          parameters: parametersOf(selectionSchema),
          responses: {
            200: { description: 'Opções do próximo nível', content: { 'application/json': { schema: js(vehicleChoices) } } },
            400: { description: 'Escolha inválida ou fora de ordem', content: { 'application/json': { schema: js(error) } } },
          },
        },
      },
      '/api/vehicles/{id}': {
        get: {
          summary: 'Um veículo (versão) pelo id',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
          responses: {
            200: { description: 'O veículo', content: { 'application/json': { schema: js(vehicle) } } },
            400: { description: 'Identificador inválido', content: { 'application/json': { schema: js(error) } } },
            404: { description: 'Veículo não encontrado', content: { 'application/json': { schema: js(error) } } },
          },
        },
      },
      '/api/products/{id}/fitment': {
        get: {
          summary: 'Compatibilidade de um produto e, com vehicle (e ano), se serve nesse veículo',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }, ...parametersOf(vehicleYearSchema)],
          responses: {
            200: { description: 'Veículos compatíveis e a resposta para o veículo pedido', content: { 'application/json': { schema: js(fitment) } } },
            400: { description: 'Parâmetros inválidos', content: { 'application/json': { schema: js(error) } } },
            404: { description: 'Produto não encontrado', content: { 'application/json': { schema: js(error) } } },
          },
        },
      },
      '/api/products/{id}': {
        get: {
          summary: 'Um produto com imagens e variações',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
          responses: {
            200: { description: 'O produto', content: { 'application/json': { schema: js(detail) } } },
            400: { description: 'Identificador inválido', content: { 'application/json': { schema: js(error) } } },
            404: { description: 'Produto não encontrado', content: { 'application/json': { schema: js(error) } } },
          },
        },
      },
      ...accountPaths(),
      ...headlessPaths(),
    },
  };
  return cached;
}

// The signed-in shopper's own data (session cookie better-auth.session_token; 401 without it).
function accountPaths() {
  const cartItem = z.object({
    id: z.number().int(),
    titulo: z.string(),
    valoratual: z.number().describe('Preço atual em reais, lido do catálogo'),
    valorantigo: z.number().nullable(),
    image: z.string().nullable(),
    cor: z.string().optional(),
    tamanho: z.string().optional(),
    quantity: z.number().int(),
  });
  const cart = { 200: { description: 'O carrinho salvo', content: { 'application/json': { schema: js(z.object({ items: z.array(cartItem) })) } } } };
  const unauthorized = { 401: { description: 'Sem sessão', content: { 'application/json': { schema: js(error) } } } };
  const body = { required: true, content: { 'application/json': { schema: z.toJSONSchema(cartBodySchema, { io: 'input', unrepresentable: 'any' }) } } };
  const bad = { 400: { description: 'Dados inválidos', content: { 'application/json': { schema: js(error) } } } };
  return {
    '/api/account': {
      get: {
        summary: 'Quem está conectado',
        responses: {
          200: {
            description: 'A conta',
            content: { 'application/json': { schema: js(z.object({ id: z.string(), email: z.string(), name: z.string(), firstName: z.string(), role: z.enum(['customer', 'seller', 'admin']) })) } },
          },
          ...unauthorized,
        },
      },
      delete: { summary: 'Excluir a conta (LGPD): dados pessoais apagados, pedidos anonimizados', responses: { 200: { description: 'Conta excluída' }, ...unauthorized } },
    },
    '/api/account/cart': {
      get: { summary: 'O carrinho salvo da conta', responses: { ...cart, ...unauthorized } },
      put: { summary: 'Substitui o carrinho salvo', requestBody: body, responses: { ...cart, ...bad, ...unauthorized } },
    },
    '/api/account/cart/merge': {
      post: { summary: 'Ao entrar: junta o carrinho do visitante ao salvo (mesma linha: quantidades somam)', requestBody: body, responses: { ...cart, ...bad, ...unauthorized } },
    },
    '/api/account/addresses': { get: { summary: 'Endereços de entrega da conta, o principal primeiro', responses: { 200: { description: 'Endereços' }, ...unauthorized } } },
    '/api/account/export': { get: { summary: 'Baixar meus dados (LGPD), em JSON', responses: { 200: { description: 'Arquivo JSON' }, ...unauthorized } } },
  };
}

// The calls another front end needs to sell: price a cart, place an order (idempotent), read and pay it, chat.
function headlessPaths() {
  const input = (schema: z.ZodType) => ({ required: true, content: { 'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) } } });
  const err = (description: string) => ({ description, content: { 'application/json': { schema: js(error) } } });
  const idempotencyKey = {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description: 'A mesma chave devolve o primeiro pedido (200) em vez de criar outro; 16 a 100 caracteres [A-Za-z0-9_-].',
    schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,100}$' },
  };
  const number = { name: 'number', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d{8}$' } };
  const token = { name: 'token', in: 'query', required: false, description: 'Token de acesso do pedido (visitante)', schema: { type: 'string' } };
  const unavailable = { 503: err('Banco de dados indisponível; tente após Retry-After') };
  const placedLegacy = z.object({
    id: z.string(),
    numero: z.string().describe('# + 8 dígitos: o número que a loja registrou'),
    data: z.string().describe('dd/mm/aaaa, horário de Brasília'),
    status: z.string().describe('awaiting_payment, paid, invoiced (Faturado), picking, shipped, delivered ou cancelled'),
    email: z.string(),
    items: z.array(z.object({ id: z.number().int().nullable(), titulo: z.string(), quantity: z.number().int(), valoratual: z.number(), image: z.string().nullable() })),
    address: z.object({ cep: z.string(), street: z.string(), number: z.string(), complement: z.string(), neighborhood: z.string(), city: z.string(), state: z.string() }),
    shipping: z.string().describe('A forma de envio escolhida: standard, express, pickup ou me-<serviço> (Melhor Envio)'),
    payment: z.enum(['credit', 'boleto', 'pix']),
    installments: z.number().int(),
    subtotal: z.number(),
    shippingCost: z.number(),
    discount: z.number().describe('Cupom + desconto do boleto/PIX'),
    total: z.number().describe('O total cobrado'),
    pix: z.object({ codigo: z.string().describe('PIX copia e cola (BR Code)'), expiraEm: z.string().nullable(), qrCodeUrl: z.string() }).optional(),
    boleto: z.object({ linhaDigitavel: z.string(), vencimento: z.string().nullable(), url: z.string() }).optional(),
    orderUrl: z.string().describe('Página do pedido (com ?token= para visitantes)'),
    paymentUrl: z.string().optional().describe('Crédito sem cartão: onde o comprador paga'),
    accessToken: z.string().nullable().describe('Só na primeira resposta; null numa repetição com a mesma chave'),
    replayed: z.boolean(),
  });
  return {
    '/api/cart/quote': {
      post: {
        summary: 'Preços atuais de um carrinho (o servidor é a única fonte de preços)',
        description:
          'Com cep, shipping.options lista as formas de envio desse carrinho para esse CEP: { id, label, carrier, kind (delivery|pickup), priceCents, minDays, maxDays, days }. POST /api/orders recebe o id escolhido em shipping e cobra exatamente esse priceCents. freightCents é o frete estimado do carrinho (shipping.estimateCents).',
        requestBody: input(quoteRequestSchema),
        responses: { 200: { description: 'Linhas, subtotal, frete estimado, formas de envio, desconto e total em centavos' }, 400: err('Carrinho inválido'), ...unavailable },
      },
    },
    '/api/orders': {
      post: {
        summary: 'Fazer um pedido (idempotente)',
        description: 'A chave vem no corpo (idempotencyKey) ou no cabeçalho Idempotency-Key; se vierem as duas, devem ser iguais.',
        parameters: [idempotencyKey],
        requestBody: input(placeOrderSchema.partial({ idempotencyKey: true })),
        responses: {
          201: { description: '{ order, accessToken, orderUrl, replayed: false }' },
          200: { description: 'Mesma chave: o primeiro pedido, { replayed: true }' },
          400: err('Dados inválidos'),
          402: err('Cartão recusado'),
          409: err('Sem estoque'),
          422: err('Mesma chave com outros dados'),
          ...unavailable,
        },
      },
      get: { summary: 'Os pedidos de quem está conectado', responses: { 200: { description: 'Pedidos' }, 401: err('Sem sessão') } },
    },
    '/api/orders/{number}': {
      get: {
        summary: 'Um pedido (dono ou token); Cache-Control: no-store',
        description:
          'status: awaiting_payment (Aguardando pagamento), paid (Pago), invoiced (Faturado: NF-e autorizada), picking (Em separação), shipped (Enviado), delivered (Entregue) ou cancelled (Cancelado). A nota fiscal: GET /Pedidos/{number}/nota-fiscal (DANFE) e /Pedidos/{number}/nota-fiscal.xml (XML).',
        parameters: [number, token],
        responses: { 200: { description: 'O pedido' }, 404: err('Pedido não encontrado') },
      },
    },
    '/api/orders/{number}/pay': {
      post: {
        summary: 'Pagar com cartão um pedido de crédito feito sem cartão',
        parameters: [number],
        requestBody: input(z.object({ card: z.object({ number: z.string(), name: z.string(), expiry: z.string(), cvv: z.string() }), token: z.string().optional() })),
        responses: {
          200: { description: '{ order } pago' },
          400: err('Cartão inválido'),
          402: err('Cartão recusado'),
          404: err('Pedido não encontrado'),
          409: err('O pedido não aguarda cartão ou já está sendo pago'),
        },
      },
    },
    '/orders': {
      post: {
        summary: 'Pedido no formato do protótipo (totais, numero e data enviados são ignorados)',
        description: 'Responde com o pedido que a loja registrou. Crédito sem dados de cartão: o pedido fica aguardando pagamento e a resposta traz paymentUrl.',
        parameters: [idempotencyKey],
        requestBody: input(legacyOrderSchema),
        responses: {
          201: { description: 'O pedido registrado', content: { 'application/json': { schema: js(placedLegacy) } } },
          200: { description: 'Mesma Idempotency-Key: o primeiro pedido', content: { 'application/json': { schema: js(placedLegacy) } } },
          400: err('Dados inválidos'),
          402: err('Cartão recusado'),
          409: err('Sem estoque'),
          ...unavailable,
        },
      },
      get: { summary: 'Pedidos de quem está conectado, no formato do protótipo (id, numero, total, items)', responses: { 200: { description: 'Pedidos' }, 401: err('Sem sessão') } },
    },
    '/api/chat': {
      post: {
        summary: 'OlimpIA: { resposta, produtos } (?stream=1: NDJSON)',
        requestBody: input(chatRequestSchema),
        responses: { 200: { description: 'Resposta' }, 400: err('Mensagem inválida'), 429: err('Muitas mensagens'), ...unavailable },
      },
    },
    '/chat': {
      post: {
        summary: 'OlimpIA no formato do protótipo: { resposta }',
        requestBody: input(chatRequestSchema),
        responses: { 200: { description: 'Resposta' }, 400: err('Mensagem inválida'), 429: err('Muitas mensagens'), ...unavailable },
      },
    },
  };
}
