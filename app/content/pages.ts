// The institutional pages linked from the footer. Everything said here is true of this store.
import { store } from '../../src/config/store.ts';

export interface ContentPage {
  path: string;
  title: string;
  description: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export const CONTENT_PAGES: ContentPage[] = [
  {
    path: '/sobre-nos',
    title: 'Sobre Nós',
    description: `Quem somos: a ${store.name}, loja on-line de peças automotivas e calçados para dirigir e pilotar.`,
    sections: [
      {
        heading: 'Quem somos',
        paragraphs: [
          `A ${store.name} é uma loja on-line de peças para carros, motos e caminhões, e de calçados para quem dirige e pilota. Reunimos em um só lugar freios, suspensão, motor, iluminação, elétrica, filtros, baterias e acessórios das marcas que os mecânicos conhecem.`,
          'Cada produto tem a referência do fabricante (REF), o estado (novo ou usado) e o tipo de veículo a que se destina, para você comprar a peça certa na primeira vez.',
        ],
      },
      {
        heading: 'Nossos dados',
        paragraphs: [
          `${store.legalName}, CNPJ ${store.cnpj}.`,
          `Endereço: ${store.addressLine}. Telefone: ${store.phone}. E-mail: ${store.email}.`,
          `Atendimento: ${store.hours}.`,
        ],
      },
      {
        heading: 'Direito de arrependimento',
        paragraphs: [
          'Compras feitas pela internet podem ser desistidas em até 7 dias a contar do recebimento, conforme o artigo 49 do Código de Defesa do Consumidor. Fale com o nosso atendimento para combinar a devolução.',
        ],
      },
    ],
  },
  {
    path: '/seguranca',
    title: 'Segurança',
    description: 'Como a Olimpo Peças protege os seus dados e os seus pagamentos.',
    sections: [
      {
        heading: 'Seus dados',
        paragraphs: [
          'Guardamos apenas o necessário para entregar o seu pedido e atender você: nome, e-mail, endereço de entrega e os itens comprados. Tratamos esses dados conforme a Lei Geral de Proteção de Dados (LGPD).',
          'As sessões de quem entra na conta ficam em cookies protegidos (HttpOnly), que scripts da página não conseguem ler, e cada cliente só enxerga os próprios pedidos e endereços.',
        ],
      },
      {
        heading: 'Pagamentos',
        paragraphs: [
          'Nunca guardamos o número completo do cartão nem o código de segurança (CVV): eles não são gravados no nosso banco de dados nem nos nossos registros. Do cartão, guardamos apenas a bandeira e os quatro últimos dígitos, para você reconhecer a compra.',
          'Preços, descontos, frete e totais são sempre calculados pelo nosso servidor, a partir do catálogo; alterar valores no navegador não muda o que você paga.',
        ],
      },
      {
        heading: 'Proteções do site',
        paragraphs: [
          'O site envia cabeçalhos de segurança que impedem a execução de scripts de terceiros e a exibição das nossas páginas dentro de outros sites, e limita tentativas repetidas de acesso para dificultar ataques.',
          `Encontrou algo estranho? Escreva para ${store.email}.`,
        ],
      },
    ],
  },
  {
    path: '/blog',
    title: 'Blog',
    description: 'Dicas de manutenção da Olimpo Peças: quando trocar pastilhas, filtros, velas e baterias.',
    sections: [
      {
        heading: 'Quando trocar as pastilhas de freio?',
        paragraphs: [
          'Em geral entre 20.000 e 40.000 km, mas o que manda é a espessura: abaixo de 3 mm é hora de trocar. Chiado metálico, pedal mais baixo ou o carro puxando para um lado ao frear também são sinais. Troque sempre o par do mesmo eixo.',
        ],
      },
      {
        heading: 'Filtros e óleo na revisão',
        paragraphs: [
          'O filtro de óleo acompanha cada troca de óleo (em geral a cada 10.000 km ou 12 meses). O filtro de ar e o de cabine costumam durar de 10.000 a 15.000 km; em cidades com muita poeira, troque antes.',
        ],
      },
      {
        heading: 'Bateria fraca?',
        paragraphs: [
          'Partida lenta, luzes fracas com o motor desligado e bateria com mais de três anos pedem um teste. Na hora de trocar, respeite a amperagem (Ah) indicada pelo fabricante do veículo.',
        ],
      },
    ],
  },
  {
    path: '/trabalhe-conosco',
    title: 'Trabalhe conosco',
    description: 'Vagas e banco de talentos da Olimpo Peças.',
    sections: [
      {
        heading: 'Venha para a Olimpo Peças',
        paragraphs: [
          'Procuramos pessoas que gostem de carros, motos e de atender bem: atendimento ao cliente, logística e tecnologia.',
          `No momento não há vagas abertas. Para entrar no nosso banco de talentos, envie o seu currículo para ${store.email} com o assunto "Trabalhe conosco".`,
        ],
      },
    ],
  },
];
