// The store's legal identity (Decreto 7.962/2013 requires it on the site) and its static contact data.
// One place: the footer, the content pages, SEO tags and the assistant all read it from here.
export const store = {
  name: 'Olimpo Peças',
  legalName: 'Olimpo Peças Automotivas Ltda.',
  cnpj: '12.345.678/0001-95',
  address: {
    street: 'Av. Paulista, 1000 - Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    cep: '01310-100',
  },
  addressLine: 'Av. Paulista, 1000 - Bela Vista, São Paulo - SP, 01310-100',
  /**
   * The fiscal identity on every nota fiscal (docs/invoicing.md); the NFE_* variables override it. Inscrição
   * estadual, regime (Simples Nacional: CSOSN 102), CFOP of sales inside and outside the state, NF-e series.
   */
  fiscal: {
    inscricaoEstadual: '110.042.490.114',
    regime: 'simples',
    cfopInState: '5102',
    cfopOutOfState: '6102',
    series: 1,
    /** The address as the nota's fields take it. */
    street: 'Av. Paulista',
    number: '1000',
    neighborhood: 'Bela Vista',
  },
  phone: '(11) 4002-8922',
  phoneHref: 'tel:+551140028922',
  email: 'atendimento@olimpopecas.com.br',
  hours: 'Segunda a sexta, das 8h às 18h; sábado, das 8h às 12h',
  tagline: 'As melhores peças automotivas para o seu veículo, com qualidade e confiança em um só lugar.',
  social: [
    { label: 'Facebook', href: 'https://www.facebook.com/' },
    { label: 'Instagram', href: 'https://www.instagram.com/' },
    { label: 'X (Twitter)', href: 'https://x.com/' },
  ],
  copyright: '© 2025 Olimpo Peças. Todos os Direitos Reservados.',
  /** Policies the product descriptions and OlimpIA both state (one place). */
  policies: {
    /** Right of withdrawal (CDC art. 49), counted from delivery. */
    withdrawalDays: 7,
    /** Used parts are reviewed and tested by the store, with this warranty. */
    usedPartWarrantyDays: 90,
  },
} as const;
