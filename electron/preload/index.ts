console.log('preload');
