// The demo catalog's kinds of product: for each category, the parts (or shoes) sold, the vehicles they
// serve, their price range in reais, brands and details; and the vehicles product titles name.
import type { CategorySlug, VehicleType } from '../taxonomy.ts';

/** The vehicles product titles name ("VW Gol 1.0 2008-2013"); the fitment seed reads them back from titles. */
export const VEHICLES: Record<VehicleType, { name: string; years: [number, number] }[]> = {
  carros: [
    { name: 'VW Gol 1.0', years: [2008, 2023] },
    { name: 'VW Polo 1.6', years: [2018, 2025] },
    { name: 'Fiat Uno 1.0', years: [2010, 2021] },
    { name: 'Fiat Strada 1.4', years: [2013, 2025] },
    { name: 'Fiat Palio 1.0', years: [2005, 2017] },
    { name: 'Chevrolet Onix 1.0', years: [2013, 2025] },
    { name: 'Chevrolet Celta 1.0', years: [2003, 2015] },
    { name: 'Hyundai HB20 1.0', years: [2012, 2025] },
    { name: 'Toyota Corolla 2.0', years: [2015, 2025] },
    { name: 'Toyota Hilux 2.8 Diesel', years: [2016, 2025] },
    { name: 'Honda Civic 2.0', years: [2012, 2021] },
    { name: 'Ford Ka 1.0', years: [2015, 2021] },
    { name: 'Renault Sandero 1.6', years: [2012, 2022] },
    { name: 'Jeep Compass 2.0', years: [2017, 2025] },
    { name: 'Volvo C70 2.5', years: [2006, 2013] },
  ],
  motos: [
    { name: 'Honda CG 160', years: [2016, 2025] },
    { name: 'Honda Biz 125', years: [2011, 2025] },
    { name: 'Yamaha Fazer 250', years: [2011, 2024] },
    { name: 'Honda CB 300', years: [2010, 2025] },
    { name: 'Yamaha Factor 150', years: [2016, 2025] },
    { name: 'Honda XRE 300', years: [2010, 2025] },
  ],
  caminhoes: [
    { name: 'Scania R 450', years: [2013, 2025] },
    { name: 'VW Constellation 24.280', years: [2012, 2025] },
    { name: 'Mercedes-Benz Axor 2544', years: [2010, 2022] },
    { name: 'Volvo FH 540', years: [2014, 2025] },
    { name: 'Ford Cargo 1319', years: [2012, 2022] },
  ],
};

export interface Kind {
  name: string;
  vehicles: VehicleType[];
  price: [number, number]; // reais
  brands: string[];
  detail: string[];
  universal?: boolean;
  weight?: number;
}

export const CATALOG: Record<CategorySlug, Kind[]> = {
  freios: [
    {
      name: 'Pastilhas de Freio Dianteiras',
      vehicles: ['carros', 'motos'],
      price: [69, 289],
      brands: ['Bosch', 'TRW', 'Cobreq', 'Fras-le', 'Jurid', 'Syl'],
      detail: ['Composto cerâmico de baixo ruído e baixa emissão de pó.', 'Acompanha sensor de desgaste e kit de fixação.'],
      weight: 3,
    },
    {
      name: 'Pastilhas de Freio Traseiras',
      vehicles: ['carros', 'motos'],
      price: [59, 249],
      brands: ['Bosch', 'TRW', 'Cobreq', 'Fras-le'],
      detail: ['Composto semimetálico para uso urbano e rodoviário.'],
    },
    {
      name: 'Disco de Freio Ventilado',
      vehicles: ['carros', 'caminhoes'],
      price: [139, 689],
      brands: ['Fremax', 'TRW', 'Bosch', 'Hipper Freios'],
      detail: ['Par de discos em ferro fundido com pintura anticorrosiva.', 'Balanceado de fábrica para frenagem sem vibração.'],
      weight: 2,
    },
    { name: 'Disco de Freio', vehicles: ['motos'], price: [119, 399], brands: ['Fremax', 'Cobreq'], detail: ['Disco em aço inox com furação para melhor dissipação de calor.'] },
    { name: 'Sapata de Freio', vehicles: ['carros', 'motos'], price: [49, 189], brands: ['Cobreq', 'Fras-le', 'Syl'], detail: ['Jogo com duas sapatas e lonas coladas.'] },
    { name: 'Lonas de Freio', vehicles: ['caminhoes'], price: [189, 749], brands: ['Fras-le', 'TRW', 'Master'], detail: ['Lona de alta durabilidade para eixo traseiro.'] },
    { name: 'Cilindro Mestre de Freio', vehicles: ['carros'], price: [199, 639], brands: ['TRW', 'Bosch', 'Controil'], detail: ['Com reservatório e sensor de nível.'] },
    { name: 'Pinça de Freio', vehicles: ['carros', 'motos'], price: [259, 899], brands: ['TRW', 'Bosch', 'Delphi'], detail: ['Pinça flutuante remanufaturada com pistão novo.'] },
  ],
  suspensao: [
    {
      name: 'Amortecedor Dianteiro',
      vehicles: ['carros', 'caminhoes'],
      price: [189, 899],
      brands: ['Monroe', 'Cofap', 'Nakata', 'TRW'],
      detail: ['Amortecedor pressurizado a gás para mais estabilidade nas curvas.', 'Vendido por unidade; recomenda-se trocar o par.'],
      weight: 3,
    },
    {
      name: 'Amortecedor Traseiro',
      vehicles: ['carros', 'motos', 'caminhoes'],
      price: [149, 799],
      brands: ['Monroe', 'Cofap', 'Nakata', 'Pro Tork'],
      detail: ['Haste cromada e vedação dupla contra poeira.'],
      weight: 2,
    },
    { name: 'Mola Helicoidal', vehicles: ['carros'], price: [129, 459], brands: ['Fabrini', 'Cofap', 'Eibach'], detail: ['Aço temperado com pintura epóxi.'] },
    { name: 'Bandeja de Suspensão', vehicles: ['carros'], price: [179, 629], brands: ['Nakata', 'TRW', 'Viemar'], detail: ['Acompanha pivô e buchas montadas.'] },
    { name: 'Pivô de Suspensão', vehicles: ['carros'], price: [49, 189], brands: ['Nakata', 'TRW', 'Viemar', 'Sampel'], detail: ['Com coifa de proteção e porca autotravante.'] },
    { name: 'Bieleta da Barra Estabilizadora', vehicles: ['carros'], price: [39, 149], brands: ['Nakata', 'Sampel', 'Viemar'], detail: ['Par de bieletas com rótulas seladas.'] },
    { name: 'Kit Batente e Coifa do Amortecedor', vehicles: ['carros'], price: [45, 169], brands: ['Sampel', 'Monroe', 'Cofap'], detail: ['Kit para os dois lados do eixo.'] },
    { name: 'Feixe de Molas', vehicles: ['caminhoes'], price: [890, 3490], brands: ['Fabrini', 'Hoesch'], detail: ['Feixe parabólico para eixo traseiro.'] },
  ],
  motor: [
    {
      name: 'Kit Pistão com Anéis',
      vehicles: ['carros', 'motos', 'caminhoes'],
      price: [189, 1890],
      brands: ['Mahle', 'Metal Leve', 'KS'],
      detail: ['Pistões forjados com anéis e pinos, medida padrão.', 'Tolerâncias de fábrica para retífica.'],
      weight: 3,
    },
    { name: 'Pistão', vehicles: ['motos'], price: [89, 349], brands: ['Metal Leve', 'KS', 'Mahle'], detail: ['Pistão com anéis, pino e travas.'] },
    { name: 'Junta do Cabeçote', vehicles: ['carros', 'motos', 'caminhoes'], price: [69, 489], brands: ['Sabó', 'Elring', 'Mahle'], detail: ['Junta multicamadas em aço (MLS).'] },
    { name: 'Correia Dentada', vehicles: ['carros'], price: [59, 239], brands: ['Gates', 'Dayco', 'Contitech'], detail: ['Borracha HNBR resistente ao calor.'], weight: 2 },
    { name: 'Kit Correia Dentada com Tensor', vehicles: ['carros'], price: [229, 689], brands: ['Gates', 'Dayco', 'Schaeffler'], detail: ['Correia, tensor e polia em um só kit.'] },
    {
      name: "Bomba d'Água",
      vehicles: ['carros', 'caminhoes'],
      price: [119, 899],
      brands: ['Schadek', 'Urba', 'Bosch', 'Magneti Marelli'],
      detail: ['Rotor metálico e selo mecânico de carbeto de silício.'],
    },
    { name: 'Bomba de Óleo', vehicles: ['carros', 'motos'], price: [149, 749], brands: ['Schadek', 'Mahle', 'Magneti Marelli'], detail: ['Engrenagens usinadas com vazão de fábrica.'] },
    { name: 'Kit Embreagem', vehicles: ['carros', 'motos', 'caminhoes'], price: [289, 2890], brands: ['LuK', 'Sachs', 'Valeo'], detail: ['Platô, disco e rolamento.'], weight: 2 },
    { name: 'Radiador', vehicles: ['carros', 'caminhoes'], price: [349, 2490], brands: ['Valeo', 'Visconde', 'Magneti Marelli'], detail: ['Colmeia em alumínio brasado.'] },
    { name: 'Válvula Termostática', vehicles: ['carros'], price: [49, 219], brands: ['Wahler', 'MTE-Thomson', 'Magneti Marelli'], detail: ['Abertura calibrada com junta de vedação.'] },
    { name: 'Óleo de Motor 5W30 Sintético 1L', vehicles: ['carros'], price: [39, 79], brands: ['Mobil', 'Castrol', 'Lubrax', 'Shell'], detail: ['Atende a especificação API SP.'], universal: true },
    {
      name: 'Óleo de Motor 10W30 para Moto 1L',
      vehicles: ['motos'],
      price: [29, 59],
      brands: ['Mobil', 'Castrol', 'Lubrax', 'Motul'],
      detail: ['Protege a embreagem banhada a óleo.'],
      universal: true,
    },
  ],
  iluminacao: [
    {
      name: 'Farol Dianteiro Esquerdo',
      vehicles: ['carros', 'caminhoes'],
      price: [289, 1590],
      brands: ['Arteb', 'Magneti Marelli', 'Fitam', 'Hella'],
      detail: ['Lente em policarbonato com proteção UV.', 'Encaixe original, sem adaptações.'],
      weight: 4,
    },
    {
      name: 'Farol Dianteiro Direito',
      vehicles: ['carros', 'caminhoes'],
      price: [289, 1590],
      brands: ['Arteb', 'Magneti Marelli', 'Fitam', 'Hella'],
      detail: ['Lente em policarbonato com proteção UV.', 'Regulagem elétrica de altura.'],
      weight: 4,
    },
    { name: 'Farol', vehicles: ['motos'], price: [149, 690], brands: ['Arteb', 'Fitam', 'Magneti Marelli'], detail: ['Bloco óptico completo com lâmpada.'], weight: 3 },
    {
      name: 'Farol de Milha',
      vehicles: ['carros', 'caminhoes'],
      price: [89, 459],
      brands: ['Arteb', 'Hella', 'Magneti Marelli', 'Shocklight'],
      detail: ['Par com moldura, chicote e interruptor.'],
      weight: 3,
    },
    {
      name: 'Farol de LED Auxiliar',
      vehicles: ['motos', 'caminhoes'],
      price: [79, 389],
      brands: ['Shocklight', 'Philips', 'Osram'],
      detail: ["Facho de longo alcance, à prova d'água IP67."],
      weight: 2,
    },
    {
      name: 'Lanterna Traseira',
      vehicles: ['carros', 'motos', 'caminhoes'],
      price: [99, 789],
      brands: ['Arteb', 'Fitam', 'Magneti Marelli', 'Sinalsul'],
      detail: ['Com circuito de LED e soquetes.'],
      weight: 2,
    },
    { name: 'Lâmpada H4 para Farol', vehicles: ['carros', 'motos'], price: [24, 129], brands: ['Philips', 'Osram', 'Bosch'], detail: ['Par de lâmpadas halógenas 60/55 W.'], universal: true },
    { name: 'Lâmpada H7 para Farol', vehicles: ['carros'], price: [29, 149], brands: ['Philips', 'Osram', 'Bosch'], detail: ['Luz mais branca, 55 W.'], universal: true },
    { name: 'Pisca Seta', vehicles: ['carros', 'motos'], price: [25, 159], brands: ['Fitam', 'Arteb', 'Sinalsul'], detail: ['Lente âmbar conforme o Contran.'] },
  ],
  eletrica: [
    { name: 'Vela de Ignição', vehicles: ['carros', 'motos'], price: [19, 119], brands: ['NGK', 'Bosch', 'Denso'], detail: ['Eletrodo de irídio para partida rápida.', 'Jogo de 4 velas.'], weight: 4 },
    { name: 'Cabo de Vela', vehicles: ['carros'], price: [89, 289], brands: ['NGK', 'Bosch', 'Magneti Marelli'], detail: ['Jogo com supressão de interferência.'], weight: 2 },
    {
      name: 'Bobina de Ignição',
      vehicles: ['carros', 'motos'],
      price: [129, 559],
      brands: ['Bosch', 'Delphi', 'Magneti Marelli', 'NGK'],
      detail: ['Alta tensão estável em todas as rotações.'],
      weight: 2,
    },
    { name: 'Alternador', vehicles: ['carros', 'caminhoes'], price: [589, 2890], brands: ['Bosch', 'Valeo', 'Delphi'], detail: ['Com regulador de tensão e polia.'] },
    { name: 'Motor de Partida', vehicles: ['carros', 'motos', 'caminhoes'], price: [389, 2490], brands: ['Bosch', 'Valeo', 'Delphi'], detail: ['Impulsor e solenoide inclusos.'] },
    { name: 'Sonda Lambda', vehicles: ['carros'], price: [189, 689], brands: ['Bosch', 'NGK', 'Delphi', 'Magneti Marelli'], detail: ['Sensor de oxigênio pré-catalisador, 4 fios.'] },
    { name: 'Bico Injetor', vehicles: ['carros', 'motos'], price: [129, 489], brands: ['Bosch', 'Delphi', 'Magneti Marelli'], detail: ['Testado em bancada, vazão equalizada.'] },
    { name: 'Bomba de Combustível', vehicles: ['carros', 'motos'], price: [169, 749], brands: ['Bosch', 'Delphi', 'Magneti Marelli'], detail: ['Refil com filtro de tela.'] },
  ],
  filtros: [
    {
      name: 'Filtro de Óleo',
      vehicles: ['carros', 'motos', 'caminhoes'],
      price: [19, 189],
      brands: ['Tecfil', 'Mann-Filter', 'Fram', 'Wega', 'Bosch', 'Mahle'],
      detail: ['Elemento de celulose com válvula antirretorno.', 'Troque a cada 10.000 km ou conforme o manual.'],
      weight: 4,
    },
    {
      name: 'Filtro de Ar do Motor',
      vehicles: ['carros', 'motos', 'caminhoes'],
      price: [29, 349],
      brands: ['Tecfil', 'Mann-Filter', 'Fram', 'Wega', 'Bosch'],
      detail: ['Papel filtrante de alta retenção de partículas.'],
      weight: 3,
    },
    {
      name: 'Filtro de Combustível',
      vehicles: ['carros', 'motos', 'caminhoes'],
      price: [25, 289],
      brands: ['Tecfil', 'Mann-Filter', 'Bosch', 'Delphi'],
      detail: ['Carcaça metálica resistente à pressão.'],
      weight: 2,
    },
    {
      name: 'Filtro de Cabine (Ar-condicionado)',
      vehicles: ['carros', 'caminhoes'],
      price: [29, 149],
      brands: ['Tecfil', 'Mann-Filter', 'Wega', 'Bosch'],
      detail: ['Carvão ativado contra odores.'],
      weight: 2,
    },
    { name: 'Kit Filtros para Revisão', vehicles: ['carros'], price: [89, 289], brands: ['Tecfil', 'Mann-Filter', 'Wega'], detail: ['Óleo, ar, combustível e cabine em um só kit.'] },
  ],
  acessorios: [
    { name: 'Jogo de Tapetes de Borracha', vehicles: ['carros', 'caminhoes'], price: [59, 289], brands: ['Dyna', 'Kacerco', 'Tapetes Nobre'], detail: ['Borracha atóxica com bordas elevadas.'] },
    { name: 'Capa de Volante em Couro', vehicles: ['carros', 'caminhoes'], price: [39, 149], brands: ['Dyna', 'Sparco'], detail: ['Costura reforçada e encaixe fácil.'], universal: true },
    { name: 'Palheta do Limpador', vehicles: ['carros', 'caminhoes'], price: [29, 159], brands: ['Bosch', 'Dyna', 'Valeo'], detail: ['Borracha com grafite para limpeza silenciosa.'], weight: 2 },
    {
      name: 'Suporte Veicular para Celular',
      vehicles: ['carros', 'motos'],
      price: [29, 149],
      brands: ['Multilaser', 'Geonav', 'Pro Tork'],
      detail: ['Fixação firme e giro de 360°.'],
      universal: true,
    },
    {
      name: 'Calibrador de Pneus Digital',
      vehicles: ['carros', 'motos', 'caminhoes'],
      price: [49, 199],
      brands: ['Tramontina', 'Vonder', 'Michelin'],
      detail: ['Leitura em psi e bar com tela iluminada.'],
      universal: true,
    },
    { name: 'Baú para Moto 45 Litros', vehicles: ['motos'], price: [189, 890], brands: ['Givi', 'Pro Tork', 'Shad'], detail: ['Base universal com chave.'], universal: true },
    { name: 'Capa para Cobrir Moto', vehicles: ['motos'], price: [49, 179], brands: ['Pro Tork', 'Givi'], detail: ['Forrada e impermeável.'], universal: true },
    {
      name: 'Kit Ferramentas Automotivo',
      vehicles: ['carros', 'caminhoes'],
      price: [89, 590],
      brands: ['Tramontina', 'Vonder', 'Gedore'],
      detail: ['Maleta com chaves, soquetes e alicates.'],
      universal: true,
    },
    { name: 'Retrovisor Externo', vehicles: ['carros', 'motos', 'caminhoes'], price: [69, 489], brands: ['Metagal', 'Fitam', 'Pro Tork'], detail: ['Lente convexa com regulagem manual.'] },
  ],
  baterias: [
    {
      name: 'Bateria 60Ah',
      vehicles: ['carros'],
      price: [389, 749],
      brands: ['Moura', 'Heliar', 'Bosch', 'Zetta', 'ACDelco'],
      detail: ['Selada, livre de manutenção.', 'Garantia de 18 meses.'],
      weight: 3,
    },
    { name: 'Bateria 45Ah', vehicles: ['carros'], price: [329, 589], brands: ['Moura', 'Heliar', 'Bosch', 'Zetta'], detail: ['Ideal para carros 1.0 sem muitos acessórios.'], weight: 2 },
    { name: 'Bateria 70Ah', vehicles: ['carros'], price: [489, 889], brands: ['Moura', 'Heliar', 'Bosch', 'ACDelco'], detail: ['Alta corrente de partida a frio.'] },
    { name: 'Bateria 150Ah', vehicles: ['caminhoes'], price: [1190, 1990], brands: ['Moura', 'Heliar', 'Bosch'], detail: ['Para uso pesado e partidas frequentes.'] },
    { name: 'Bateria de Moto 5Ah', vehicles: ['motos'], price: [129, 289], brands: ['Moura', 'Heliar', 'Route', 'Yuasa'], detail: ['Ativada e pronta para instalar.'], weight: 2 },
    { name: 'Bateria de Moto 9Ah', vehicles: ['motos'], price: [189, 389], brands: ['Moura', 'Heliar', 'Yuasa'], detail: ['Tecnologia AGM, à prova de vazamento.'] },
  ],
  calcados: [
    {
      name: 'Sapato para Dirigir em Couro',
      vehicles: ['carros'],
      price: [189, 489],
      brands: ['Sparco', 'Ferracini', 'Pegada'],
      detail: ['Solado fino e arredondado no calcanhar para sentir os pedais.'],
      universal: true,
      weight: 2,
    },
    { name: 'Tênis de Automobilismo', vehicles: ['carros'], price: [289, 890], brands: ['Sparco', 'Alpinestars', 'OMP'], detail: ['Cabedal respirável e solado antiderrapante.'], universal: true },
    {
      name: 'Bota Motociclista Cano Longo',
      vehicles: ['motos'],
      price: [389, 1290],
      brands: ['Texx', 'X11', 'Alpinestars', 'Pro Tork'],
      detail: ['Proteções em TPU no tornozelo e na canela, impermeável.'],
      universal: true,
      weight: 2,
    },
    { name: 'Bota de Moto Cano Curto', vehicles: ['motos'], price: [289, 790], brands: ['Texx', 'X11', 'Pro Tork'], detail: ['Reforço no câmbio e fechamento em velcro.'], universal: true, weight: 2 },
    {
      name: 'Bota de Segurança com Biqueira',
      vehicles: ['caminhoes'],
      price: [129, 389],
      brands: ['Bracol', 'Marluvas', 'Fujiwara'],
      detail: ['Biqueira de composite e palmilha antiperfuro, com CA.'],
      universal: true,
    },
  ],
};

/** Every brand the demo catalog sells (the import's list of known brands, with the catalog's own). */
export function catalogBrands(): string[] {
  return [...new Set(Object.values(CATALOG).flatMap((kinds) => kinds.flatMap((k) => k.brands)))].sort();
}

/** Kinds sold as universal (no vehicle in the title), with the vehicle types they serve. */
export function universalKinds(): { kind: string; types: VehicleType[] }[] {
  return Object.values(CATALOG)
    .flat()
    .filter((k) => k.universal)
    .map((k) => ({ kind: k.name, types: [...k.vehicles] }));
}
