import Konva from 'konva'; console.log(Konva.version);
